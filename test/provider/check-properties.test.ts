/**
 * Property-based tests of every resource's check, with arbitraries derived from each
 * definition's types (limits in bytes or characters, enums, ranges, nested objects, lists, maps):
 * - valid inputs are accepted (only a broken rule across inputs fails them, as the rule says);
 * - an invalid input is rejected, each failure naming it first and never quoting its value;
 * - an input whose value is not known yet (preview) is never judged;
 * - check never throws.
 * Strings with a syntax of their own (ACL rules, hostnames, event types) draw from `syntaxes`:
 * a new one fails the first test until it has a row.
 */
import fc from "fast-check";
import { z } from "zod";
import { definitions, dispatch, type ResourceKind } from "../../provider";
import type { Props, ResourceDefinition, StringType, TypeSpec } from "../../provider/definitions/types";
import { eventTypePattern } from "../../provider/definitions/event-type";
import { unknownValue } from "../../provider/engine/values";

/** What a leaked value would contain: every invalid string holds it. */
const MARK = "SeCrEt-MaRk";

const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);

/** Valid values of the strings with a syntax, by `<Kind>.<path>` (`[]`: an item of a list). */
const syntaxes: Record<string, fc.Arbitrary<string>> = {
  "Credential.acl[]": fc.oneof(
    fc.constant("*"),
    fc.domain().map((d) => `bind:${d}`),
    fc.domain().map((d) => `bind:*.${d}`),
    fc.tuple(fc.oneof(label, fc.constant("*")), fc.oneof(label, fc.constant("*"))).map(([k, v]) => `bind:${k}=${v}`),
  ),
  "ReservedDomain.domain": fc.oneof(fc.domain(), fc.domain().map((d) => `*.${d}`), fc.domain().map((d) => `${d.toUpperCase()}.`)),
  "EventSource.type": fc.stringMatching(eventTypePattern),
};

/** Whether the definition's own syntax rule accepts `value`. */
const syntaxAccepts = (type: StringType, value: string): boolean => type.refine!(z).safeParse(value).success;

/** Every string type with a syntax, by path. */
function syntaxPaths(kind: string, path: string, type: TypeSpec): string[] {
  switch (type.kind) {
    case "string":
      return type.refine ? [`${kind}.${path}`] : [];
    case "array":
      return syntaxPaths(kind, `${path}[]`, type.items);
    case "map":
      return syntaxPaths(kind, `${path}{}`, type.values);
    case "object":
      return Object.entries(type.properties).flatMap(([n, p]) => syntaxPaths(kind, `${path}.${n}`, p.type));
    default:
      return [];
  }
}

const bytes = (s: string) => Buffer.byteLength(s, "utf8");
const chars = (s: string) => [...s].length;

/** A string of at most `max` UTF-8 bytes, often near the limit. */
function withinBytes(max: number): fc.Arbitrary<string> {
  const cut = (s: string) => {
    let out = "";
    for (const ch of s) {
      if (bytes(out + ch) > max) break;
      out += ch;
    }
    return out;
  };
  // Exactly at the limit, in 2-byte characters: counting characters instead of bytes would fail it.
  const atLimit = "é".repeat(Math.floor(max / 2)) + "a".repeat(max % 2);
  return fc.oneof(fc.string({ unit: "grapheme", maxLength: 20 }), fc.string({ unit: "binary", maxLength: max }).map(cut), fc.constant(atLimit));
}

/** Strings just over `max` UTF-8 bytes (one byte over, or one 2-byte character over), and far over. */
function overBytes(max: number): fc.Arbitrary<string> {
  const ascii = MARK + "x".repeat(Math.max(0, max + 1 - MARK.length));
  const wide = MARK + "é".repeat(Math.ceil((max + 1 - MARK.length) / 2));
  return fc.oneof(fc.constant(ascii), fc.constant(wide), fc.string({ unit: "binary", minLength: max + 1, maxLength: max + 8 }).map((s) => MARK + s));
}

function validString(type: StringType, path: string): fc.Arbitrary<string> {
  if (type.enum) return fc.constantFrom(...type.enum);
  if (type.refine) return syntaxes[path]!;
  if (type.maxBytes !== undefined) return withinBytes(type.maxBytes);
  if (type.maxChars !== undefined) return fc.string({ unit: "grapheme-composite", maxLength: type.maxChars }).filter((s) => chars(s) <= type.maxChars!);
  return fc.string({ unit: "grapheme", maxLength: 40 });
}

/** Valid values of a type; `path` names it among `syntaxes`. */
function valid(type: TypeSpec, path: string): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case "string":
      return validString(type, path);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: type.min ?? -(2 ** 31), max: type.max ?? 2 ** 31 - 1 });
    case "number":
      return fc.double({ min: type.min ?? -1e9, max: type.max ?? 1e9, noNaN: true });
    case "array":
      return fc.array(valid(type.items, `${path}[]`), { maxLength: Math.min(type.maxItems ?? 4, 4) });
    case "map":
      return fc.dictionary(label, valid(type.values, `${path}{}`), { maxKeys: 3 });
    case "object": {
      const shape = Object.fromEntries(Object.entries(type.properties).map(([n, p]) => [n, valid(p.type, `${path}.${n}`)]));
      const requiredKeys = Object.entries(type.properties).filter(([, p]) => p.required).map(([n]) => n);
      return fc.record(shape, { requiredKeys });
    }
  }
}

const notA = (kind: TypeSpec["kind"]): fc.Arbitrary<unknown> => {
  const others: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.constant(`${MARK} text`),
    number: fc.integer(),
    boolean: fc.boolean(),
    array: fc.constant([`${MARK} item`]),
    object: fc.constant({ mark: MARK }),
  };
  const own = kind === "integer" || kind === "number" ? "number" : kind === "map" ? "object" : kind;
  return fc.oneof(...Object.entries(others).filter(([k]) => k !== own).map(([, a]) => a));
};

/** Values a type never accepts; every string among them holds MARK. */
function invalid(type: TypeSpec): fc.Arbitrary<unknown> {
  const wrongType = notA(type.kind);
  switch (type.kind) {
    case "string": {
      const bad: fc.Arbitrary<unknown>[] = [wrongType];
      if (type.enum) bad.push(fc.string({ maxLength: 8 }).map((s) => `${MARK}${s}`));
      if (type.refine) bad.push(fc.string({ maxLength: 12 }).map((s) => `${MARK} ${s}`).filter((s) => !syntaxAccepts(type, s)));
      if (type.maxBytes !== undefined) bad.push(overBytes(type.maxBytes));
      if (type.maxChars !== undefined) bad.push(fc.string({ unit: "binary", minLength: type.maxChars + 1, maxLength: type.maxChars + 8 }).map((s) => MARK + s));
      return fc.oneof(...bad);
    }
    case "boolean":
      return wrongType;
    case "integer":
    case "number": {
      const bad: fc.Arbitrary<unknown>[] = [wrongType];
      if (type.kind === "integer") bad.push(fc.double({ min: 0.1, max: 0.9, noNaN: true }));
      if (type.min !== undefined) bad.push(fc.integer({ min: type.min - 1000, max: type.min - 1 }));
      if (type.max !== undefined) bad.push(fc.integer({ min: type.max + 1, max: type.max + 1000 }));
      return fc.oneof(...bad);
    }
    case "array": {
      const bad: fc.Arbitrary<unknown>[] = [wrongType, fc.tuple(invalid(type.items)).map((items) => items)];
      if (type.maxItems !== undefined) bad.push(fc.array(valid(type.items, ""), { minLength: type.maxItems + 1, maxLength: type.maxItems + 2 }));
      return fc.oneof(...bad);
    }
    case "map":
      return fc.oneof(wrongType, invalid(type.values).map((v) => ({ key: v })));
    case "object":
      return fc.oneof(
        wrongType,
        fc.constant({ bogusField: "x" }),
        ...Object.entries(type.properties).map(([n, p]) => invalid(p.type).map((v) => ({ [n]: v }))),
      );
  }
}

const kinds = Object.keys(definitions) as ResourceKind[];
const inputsOf = (def: ResourceDefinition) => Object.entries(def.properties).filter(([, p]) => p.input);

/** Valid inputs of a kind: every required input, and any of the others. */
function validInputs(kind: ResourceKind): fc.Arbitrary<Props> {
  const def = definitions[kind] as ResourceDefinition;
  const shape = Object.fromEntries(inputsOf(def).map(([n, p]) => [n, valid(p.type, `${kind}.${n}`)]));
  const requiredKeys = inputsOf(def).filter(([, p]) => p.input!.required).map(([n]) => n);
  return fc.record(shape, { requiredKeys });
}

/** The reasons the definition's rules across inputs give for `inputs`. */
const ruleReasons = (kind: ResourceKind, inputs: Props): string[] =>
  ((definitions[kind] as ResourceDefinition).rules ?? []).flatMap((r) => r.violated(inputs) ?? []);

const runs = { numRuns: 150 };

it("has valid values for every string with a syntax, which the syntax accepts", () => {
  const paths = kinds.flatMap((k) => inputsOf(definitions[k] as ResourceDefinition).flatMap(([n, p]) => syntaxPaths(k, n, p.type)));
  expect(paths.filter((p) => !(p in syntaxes))).toEqual([]);
  for (const path of Object.keys(syntaxes)) {
    const [kind, ...rest] = path.split(".");
    const name = rest.join(".").replace(/\[\]$/, "");
    const prop = (definitions[kind as ResourceKind] as ResourceDefinition | undefined)?.properties[name];
    const type = prop?.type.kind === "array" ? prop.type.items : prop?.type;
    expect({ path, hasSyntax: type?.kind === "string" && type.refine !== undefined }).toEqual({ path, hasSyntax: true });
    fc.assert(fc.property(syntaxes[path]!, (v) => syntaxAccepts(type as StringType, v)), runs);
  }
});

describe.each(kinds)("%s check", (kind) => {
  const handler = dispatch(kind);
  const def = definitions[kind] as ResourceDefinition;

  it("accepts valid inputs (failing only a broken rule across inputs, as the rule words it)", async () => {
    await fc.assert(
      fc.asyncProperty(validInputs(kind), async (inputs) => {
        const { failures } = await handler.check({}, inputs);
        expect(failures.map((f) => f.reason).sort()).toEqual(ruleReasons(kind, inputs).sort());
      }),
      runs,
    );
  });

  it("never judges a value that is not known yet", async () => {
    const names = inputsOf(def).map(([n]) => n);
    await fc.assert(
      fc.asyncProperty(validInputs(kind), fc.subarray(names, { minLength: 1 }), async (inputs, unknown) => {
        const news = { ...inputs, ...Object.fromEntries(unknown.map((n) => [n, unknownValue])) };
        const { failures } = await handler.check({}, news);
        // Only a rule whose inputs are all known can be judged.
        const judged = (def.rules ?? []).filter((r) => !r.properties.some((p) => unknown.includes(p)));
        expect(failures.map((f) => f.reason).sort()).toEqual(judged.flatMap((r) => r.violated(news) ?? []).sort());
      }),
      runs,
    );
  });

  it.each(inputsOf(def).map(([name, p]) => ({ name, type: p.type })))(
    "rejects an invalid $name, naming it first and never quoting the value",
    async ({ name, type }) => {
      await fc.assert(
        fc.asyncProperty(validInputs(kind), invalid(type), async (inputs, value) => {
          // Without the other inputs a rule might involve: the failures are this input's alone.
          const base = Object.fromEntries(Object.entries(inputs).filter(([n]) => (def.properties[n]!.input!.required ?? false)));
          const { failures } = await handler.check({}, { ...base, [name]: value });
          expect(failures.length).toBeGreaterThan(0);
          for (const f of failures) {
            expect(f).toEqual({ property: "", reason: expect.stringMatching(new RegExp(`^${name}\\b`)) });
            expect(f.reason).not.toContain(MARK);
          }
        }),
        runs,
      );
    },
  );
});

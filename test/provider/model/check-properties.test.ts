/**
 * Property-based tests of every resource's check, with arbitraries derived from each
 * definition's types (limits in bytes or characters, enums, ranges, nested objects, lists, maps):
 * - valid inputs are accepted (only a broken rule across inputs fails them, as the rule says);
 * - an invalid input is rejected, each failure naming it first and never quoting its value;
 * - an input whose value is not known yet (preview) is never judged;
 * - check never throws;
 * - a sample of the valid inputs of every kind is created by the provider against the emulator
 *   (the API's rules as the emulator holds them), its references made first.
 * Strings with a syntax of their own (ACL rules, hostnames, event types) draw from `syntaxes`:
 * a new one fails the first test until it has a row.
 */
import fc from "fast-check";
import { z } from "zod";
import { type Emulator, startEmulator } from "../../../emulator";
import { Provider, definitions, type BoundKind } from "../../../provider";
import type { Props, ResourceDefinition, StringType, TypeSpec } from "../../../provider/contract";
import { eventTypePattern } from "../../../provider/definitions/event-type";
import { idPrefixes, unknownValue } from "../../../provider/engine/values";
import { readFileSync } from "fs";
import { join } from "path";
import { call } from "../../support/api";
import { aiMade, validInputs as madeInputs, referenced } from "../../support/inputs";
import { boundKinds, providerFor } from "../../support/provider";
import { sshPublicKeyLine } from "../../support/ssh";

/** What a leaked value would contain: every invalid string holds it. */
const MARK = "SeCrEt-MaRk";

const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);

/** Fixed PEMs of the domains example: a CA, and a certificate with its key. */
const certs = join(__dirname, "../../../examples/domains/certs");
const pem = (file: string) => readFileSync(join(certs, file), "utf8");
const caPem = pem("example-ca.pem");
const leafPem = pem("example-wildcard.pem");
const leafKey = pem("example-wildcard.key");

/** A few real OpenSSH public key lines, one of each common type. */
const sshKeys = (["ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-rsa"] as const).map((t) => sshPublicKeyLine(t));

const aclRule = fc.oneof(
  fc.constant("*"),
  fc.domain().map((d) => `bind:${d}`),
  fc.domain().map((d) => `bind:*.${d}`),
  fc.tuple(fc.oneof(label, fc.constant("*")), fc.oneof(label, fc.constant("*"))).map(([k, v]) => `bind:${k}=${v}`),
);
const eventType = fc.stringMatching(eventTypePattern);
const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join("."));
// A range written from its lowest address, as the service requires: the bits after the prefix are zero.
const group = fc.integer({ min: 0, max: 0xffff });
const zeroHostBits = (parts: number[], width: number, prefix: number): number[] =>
  parts.map((part, i) => {
    const keep = Math.max(0, Math.min(width, prefix - i * width));
    return keep === 0 ? 0 : part & (((1 << keep) - 1) << (width - keep));
  });
// A single address is written with its mask (ERR_NGROK_1413).
const cidr = fc.oneof(
  ipv4.map((a) => `${a}/32`),
  fc.tuple(fc.tuple(octet, octet, octet, octet), fc.integer({ min: 0, max: 32 })).map(([o, p]) => `${zeroHostBits(o, 8, p).join(".")}/${p}`),
  fc.ipV6().map((a) => `${a}/128`),
  fc.tuple(fc.array(group, { minLength: 8, maxLength: 8 }), fc.integer({ min: 0, max: 128 })).map(
    ([g, p]) => `${zeroHostBits(g, 16, p).map((n) => n.toString(16)).join(":")}/${p}`,
  ),
);
// Vault and secret names: letters, digits and `_ / . -` (ERR_NGROK_23000, 24000), at most 255 bytes.
const vaultName = fc.stringMatching(/^[a-zA-Z0-9_/.-]{1,255}$/);
const hostport = fc.tuple(fc.oneof(fc.domain(), fc.domain().map((d) => `*.${d}`)), fc.integer({ min: 1, max: 65535 })).map(([d, p]) => `${d}:${p}`);
const userAgent = fc.constantFrom("(?i)bot", "curl/.*", "^Mozilla/5\\.0", "Go-http-client/1\\.1", "(?i)(spider|crawler)", "^$", "python-requests/[0-9.]+");

/** Valid values of the strings with a syntax, by `<Kind>.<path>` (`[]`: an item of a list). */
/**
 * RFC 3339 times, in UTC or with an offset, with or without a fraction of a second: `from` the
 * past for `validAfter`, from the future for `validUntil` (the service refuses a certificate that
 * ends before it starts, and it starts now by default; the checker cannot know when `up` runs).
 */
const rfc3339 = (from: "past" | "future") => fc
  .tuple(fc.date({ min: new Date(from === "past" ? "2000-01-01T00:00:00Z" : "2060-01-01T00:00:00Z"), max: new Date(from === "past" ? "2020-12-31T00:00:00Z" : "2099-12-31T00:00:00Z"), noInvalidDate: true }), fc.constantFrom("Z", "+02:00", "-05:30"), fc.boolean())
  .map(([d, zone, fraction]) => {
    const offset = zone === "Z" ? 0 : (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4))) * 60_000;
    const local = new Date(d.getTime() + offset).toISOString().replace("Z", "");
    return (fraction ? local : local.replace(/\.\d{3}$/, "")) + zone;
  });

/** A Go duration the AI Gateway's configuration takes: a positive count of seconds or minutes. */
const goDuration = fc.tuple(fc.integer({ min: 1, max: 600 }), fc.constantFrom("s", "m", "ms")).map(([n, unit]) => `${n}${unit}`);

const syntaxes: Record<string, fc.Arbitrary<string>> = {
  "AiGatewayConfig.totalTimeout": goDuration,
  "AiGatewayConfig.perRequestTimeout": goDuration,
  "Credential.acl[]": aclRule,
  "SshCredential.acl[]": aclRule,
  "SshCredential.publicKey": fc.constantFrom(...sshKeys),
  "SshHostCertificate.publicKey": fc.constantFrom(...sshKeys),
  "SshUserCertificate.publicKey": fc.constantFrom(...sshKeys),
  "SshHostCertificate.validAfter": rfc3339("past"),
  "SshHostCertificate.validUntil": rfc3339("future"),
  "SshUserCertificate.validAfter": rfc3339("past"),
  "SshUserCertificate.validUntil": rfc3339("future"),
  "ReservedDomain.resolvesTo[].value": fc.oneof(
    fc.constantFrom("us", "us-cal-1", "eu", "au", "ap", "jp", "sa", "in", "global"),
    fc.ipV4(),
    fc.tuple(fc.ipV4(), fc.integer({ min: 1, max: 65535 })).map(([ip, port]) => `${ip}:${port}`),
  ),
  "ReservedDomain.domain": fc.oneof(fc.domain(), fc.domain().map((d) => `*.${d}`), fc.domain().map((d) => `${d.toUpperCase()}.`)),
  "AgentIngress.domain": fc.oneof(fc.domain(), fc.domain().map((d) => d.toUpperCase())),
  "EventSource.type": eventType,
  "EventSubscription.sources[].type": eventType,
  "IpPolicyRule.cidr": cidr,
  "IpPolicy.rules[].cidr": cidr,
  "Vault.name": vaultName,
  "VaultSecret.name": vaultName,
  // A mismatched pair breaks the rule across inputs, which the test tolerates as the rule words it.
  "CertificateAuthority.caPem": fc.constantFrom(caPem, leafPem),
  "TlsCertificate.certificatePem": fc.constantFrom(leafPem, caPem, `${leafPem}${caPem}`),
  "TlsCertificate.privateKeyPem": fc.constant(leafKey),
  "HttpsEdge.hostports[]": hostport,
  "TlsEdge.hostports[]": hostport,
  "CloudEndpoint.url": fc.oneof(fc.domain().map((d) => `https://${d}`), fc.domain().map((d) => d.toUpperCase()), fc.domain().map((d) => `HTTP://${d}:8080`)),
  "HttpsEdgeRoute.match": fc.array(fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/), { maxLength: 4 }).map((segments) => `/${segments.join("/")}`),
  "HttpsEdgeRouteOidc.issuer": fc.webUrl({ validSchemes: ["https", "http"] }),
  "HttpsEdgeRouteJwtValidation.jws.keys.sources.additionalJkus[]": fc.webUrl({ validSchemes: ["https", "http"] }),
  "HttpsEdgeRouteUserAgentFilter.allow[]": userAgent,
  "HttpsEdgeRouteUserAgentFilter.deny[]": userAgent,
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
  if (type.idPrefix !== undefined) {
    // The id of another resource: any of its prefixes, then the rest of an id.
    return fc.tuple(fc.constantFrom(...idPrefixes(type.idPrefix)), fc.stringMatching(/^[0-9A-Za-z]{1,27}$/)).map(([p, rest]) => `${p}_${rest}`);
  }
  if (type.refine) return syntaxes[path]!;
  if (type.nonEmpty) return fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 });
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
    case "external":
      // A Traffic Policy every http(s) endpoint accepts, in each spelling.
      return fc.constantFrom(
        { onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200 } }] }] },
        "on_http_request:\n  - actions:\n      - type: deny\n",
        '{"on_http_request":[{"expressions":["req.method == \'GET\'"],"actions":[{"type":"deny"}]},{"actions":[{"type":"forward-internal","config":{"url":"https://a.internal"}}]}]}',
      );
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
      if (type.idPrefix !== undefined) bad.push(fc.string({ maxLength: 8 }).map((s) => `${MARK}_${s}`));
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
    case "external":
      return fc.oneof(
        fc.constant(`${MARK}: [`),
        fc.constant({ onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: MARK } }] }] }),
        fc.constant({ onHttpRequest: [{ expressions: [`'${MARK}' ==`], actions: [{ type: "deny" }] }] }),
      );
  }
}

/** The kinds of the API (AgentCommand's check, the same flow, is agent-command.test.ts's). */
const kinds = boundKinds;
type ResourceKind = BoundKind;
/** No key: preview's checks of the program's inputs alone. */
const provider = new Provider({ settings: {} });
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
    const [kind, name, ...rest] = path.split(/\.|(?=\[\])/);
    // Walk the path: `[]` is a list's item, `.name` an object's property.
    let type: TypeSpec | undefined = (definitions[kind as ResourceKind] as ResourceDefinition | undefined)?.properties[name!]?.type;
    for (const step of rest) {
      if (step === "[]") type = type?.kind === "array" ? type.items : undefined;
      else type = type?.kind === "object" ? type.properties[step.replace(/^\[\]/, "")]?.type : undefined;
    }
    expect({ path, hasSyntax: type?.kind === "string" && type.refine !== undefined }).toEqual({ path, hasSyntax: true });
    fc.assert(fc.property(syntaxes[path]!, (v) => syntaxAccepts(type as StringType, v)), runs);
  }
});

describe.each(kinds)("%s check", (kind) => {
  const handler = provider.handler(kind);
  const def = definitions[kind] as ResourceDefinition;

  it("accepts valid inputs (failing only a broken rule across inputs, as the rule words it)", async () => {
    await fc.assert(
      fc.asyncProperty(validInputs(kind), async (inputs) => {
        const { failures } = await handler.check({}, inputs);
        expect(failures.map((f) => f.message).sort()).toEqual(ruleReasons(kind, inputs).sort());
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
        expect(failures.map((f) => f.message).sort()).toEqual(judged.flatMap((r) => r.violated(news) ?? []).sort());
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
          // A rule across the required inputs alone (a target setting two kinds, a key that is not
          // the certificate's) may be broken too: as the rule words it, and never quoting a value.
          const baseRules = ruleReasons(kind, base);
          for (const f of failures) expect(f.message).not.toContain(MARK);
          const own = failures.filter((f) => !baseRules.includes(f.message));
          expect(own.length).toBeGreaterThan(0);
          for (const f of own) {
            expect(f).toEqual({ path: expect.any(String), message: expect.stringMatching(new RegExp(`^${name}\\b`)) });
            expect(f.message).not.toContain(MARK);
          }
        }),
        runs,
      );
    },
  );
});

/** The id prefixes a property's value holds (a reference, or a list of them); undefined otherwise. */
function referencePrefix(type: TypeSpec): string | undefined {
  if (type.kind === "string" && type.idPrefix !== undefined) return idPrefixes(type.idPrefix)[0];
  if (type.kind === "array" && type.items.kind === "string" && type.items.idPrefix !== undefined) return idPrefixes(type.items.idPrefix)[0];
  return undefined;
}

/**
 * An event destination's target keeps only its first kind that has a field set (and an AWS
 * target's auth only its role, when it has both): random records rarely set exactly one.
 */
function oneTarget(inputs: Props): Props {
  const target = inputs.target as Record<string, Props | undefined>;
  const kind = Object.keys(target).find((k) => Object.keys(target[k] ?? {}).length > 0);
  if (kind === undefined) return inputs;
  const chosen = { ...target[kind]! };
  const auth = chosen.auth as Props | undefined;
  if (auth?.role !== undefined && auth.creds !== undefined) chosen.auth = { role: auth.role };
  return { ...inputs, target: { [kind]: chosen } };
}

describe("valid inputs, created through the provider against the emulator", () => {
  /** Valid inputs per kind sent to the emulator: a few, from a fixed seed, so that this stays quick. */
  const perKind = 6;
  let emu: Emulator;
  let created: Provider;
  let made = 0;

  beforeAll(async () => {
    emu = await startEmulator({ rateLimit: false });
    created = providerFor(emu, {}, { emulator: { rateLimit: false } });
  });
  afterAll(async () => {
    await created?.close();
    await emu?.close();
  });

  /**
   * `inputs` with every reference naming a real object: the row of test/support/inputs.ts gives
   * the parents (an edge and its route), a new object of the right kind the others; an edge's
   * hostports are on domains reserved first.
   */
  async function withReferences(kind: ResourceKind, inputs: Props): Promise<Props> {
    const def = definitions[kind] as ResourceDefinition;
    const row = await madeInputs[kind](emu, ++made);
    const out: Props = { ...inputs };
    for (const [name, p] of inputsOf(def)) {
      // A reference whose ids have no documented prefix (an AI gateway API key's): the row's object.
      if (p.reference && p.type.kind === "string" && row[name] !== undefined && out[name] !== undefined) {
        out[name] = row[name];
        continue;
      }
      const prefix = referencePrefix(p.type);
      if (prefix === undefined || out[name] === undefined) continue;
      if (row[name] !== undefined) {
        out[name] = row[name];
        continue;
      }
      const real = async () => (await referenced(emu, prefix, ++made)) ?? `${prefix}_${"1".repeat(27)}`;
      out[name] = Array.isArray(out[name]) ? await Promise.all((out[name] as unknown[]).map(real)) : await real();
    }
    // An access key configuration's steps name provider keys: real ones, made first.
    for (const rule of kind === "AiAccessKeyConfiguration" ? ((out.router as { rules?: { steps?: { keys?: { id: string }[] }[] }[] } | undefined)?.rules ?? []) : []) {
      for (const step of rule.steps ?? []) {
        step.keys = await Promise.all((step.keys ?? []).map(async () => ({ id: await aiMade(emu, "/provider-keys", { providerId: "openai", name: `ref ${++made}`, value: "sk-ref" }) })));
      }
    }
    for (const hostport of Array.isArray(out.hostports) ? (out.hostports as string[]) : []) {
      const domain = hostport.replace(/:\d+$/, "");
      const res = await call(emu, "POST", "/reserved_domains", { domain });
      if (res.status !== 201 && !emu.resources("reserved_domains").some((d) => (d as { domain: string }).domain === domain)) {
        throw new Error(`could not reserve ${domain} for hostports: HTTP ${res.status} ${res.text}`);
      }
    }
    // A cloud endpoint's URL is on a domain reserved first (an internal one needs none).
    const host = typeof out.url === "string" ? /^(?:[a-z]+:\/\/)?([^/:]+)/i.exec(out.url)?.[1]?.toLowerCase() : undefined;
    if (host !== undefined && !host.endsWith(".internal")) await call(emu, "POST", "/reserved_domains", { domain: host });
    return out;
  }

  /** Creates `inputs` of `kind` through the provider: the API's refusal, in one line, or undefined. */
  async function refusal(kind: ResourceKind, inputs: Props): Promise<string | undefined> {
    const { inputs: checked, failures } = await created.check(kind, {}, inputs);
    expect(failures).toEqual([]);
    try {
      const made = await created.create(kind, checked);
      // The account's one object is held by one resource of a program: each sample is a program of its own.
      if ((definitions[kind] as ResourceDefinition).binding?.kind === "singleton") await created.delete(kind, made.id, made.outs);
      return undefined;
    } catch (err) {
      return (err as Error).message.split("\n")[0]!.replace(/ \(operation op_\w+\)/, "");
    }
  }

  it.each(kinds)("%s: the emulator accepts them", async (kind) => {
    // Inputs that break a rule across inputs are the checker's own refusal (held to the rule's words above).
    const samples = fc
      .sample(validInputs(kind), { numRuns: 40 * perKind, seed: 20240611 + kinds.indexOf(kind) })
      .map((inputs) => (kind === "EventDestination" ? oneTarget(inputs) : inputs))
      .filter((inputs) => ruleReasons(kind, inputs).length === 0)
      .slice(0, perKind);
    expect(samples.length).toBeGreaterThan(0);
    const refused: { sample: number; inputs: string; refusal: string }[] = [];
    for (const [i, sample] of samples.entries()) {
      const inputs = await withReferences(kind, sample);
      const why = await refusal(kind, inputs);
      if (why !== undefined) refused.push({ sample: i, inputs: JSON.stringify(inputs).slice(0, 300), refusal: why });
    }
    expect(refused).toEqual([]);
  });
});

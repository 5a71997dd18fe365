/**
 * Agreement as a property: policies generated from the emulator's catalogue of actions (each
 * action's phases and config schema, written from https://ngrok.com/docs/traffic-policy/actions/),
 * valid ones and ones broken in each way ngrok refuses (https://ngrok.com/docs/errors/: an unknown
 * action type 2201, a phase the action cannot run in 2202, an unknown field 2203, a wrong or
 * missing value 2204, a documented limit crossed 2215/2221/2223, an expression that is not CEL
 * 2200; an expression that names nothing declared or applies an operator to types it does not take,
 * generated from the declared variables, 2200; a literal ngrok checks when a policy is saved, broken
 * in its own way, 2204/2210/2211/2216/2217/2226/2261), go through the three places a user meets a policy: the provider's preview check (its
 * own code: the emulator imports nothing from provider/), the emulator's API (`POST /endpoints`
 * over loopback) and testPolicy. All three must agree on accept or refuse and on the place, and
 * that verdict must be the one the generator meant. POLICY_PROPERTY_SEED replays a run; the seed
 * is printed when a run fails.
 */
import fc from "fast-check";
import { ACTIONS } from "../../../emulator/gateway/actions";
import type { Field } from "../../../emulator/gateway/schema";
import type { Literal } from "../../../emulator/gateway/literals";
import { VARIABLES } from "../../../emulator/gateway/cel-declarations";
import { PolicyRefusal, policyTester, startEmulator, testPolicy, type Emulator, type PhaseName, type WirePolicy } from "../../../emulator";
import { pathText, policyProblems, PolicyValue } from "../../../provider/policy";
import { checkEndpointPolicy } from "../../../emulator/api/collections/endpoints";
import { ApiFailure } from "../../../emulator/shared/errors";
import { call } from "../../support/api";

const URL_ = "https://app.example.com";
const HTTP_EVERY = 10;
const RUNS = Number(process.env["POLICY_PROPERTY_RUNS"] ?? 10_000);
const SEED = Number(process.env["POLICY_PROPERTY_SEED"] ?? Date.now() % 2 ** 31);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];
type Break = "none" | "type" | "phase" | "unknown-field" | "wrong-type" | "missing" | "limit" | "expression" | "type-error" | "unknown-name" | "bad-literal";
interface Case {
  policy: WirePolicy;
  break: Break;
  /** Where the break is (as ngrok spells the policy); undefined for a valid policy. */
  place: string | undefined;
}

const WORDS = ["alpha", "beta", "gamma", "delta"];
const TYPES = Object.keys(ACTIONS).sort();

/** Valid literals of each kind ngrok checks when a policy is saved (a `${...}` is checked when it runs). */
const VALID_LITERALS: Readonly<Record<Literal, readonly string[]>> = {
  cidr: ["10.0.0.0/8", "203.0.113.7", "2001:db8::/32", "0.0.0.0/0", "${conn.client_ip}/32"],
  "ip-policy": ["ipp_2aBcD3eFgH", "ipp_1"],
  regex: ["^/api/(.*)$", "(?i)/a+", "[[:alpha:]]+", "/v1"],
  url: ["https://example.com/a", "http://127.0.0.1:8080/x?y=1", "https://${req.host}/z"],
  "header-name": ["x-a", "X-Custom_1", "accept"],
  "header-value": ["v", "a b\tc", "${req.method}"],
  "webhook-provider": ["github", "stripe", "twilio"],
};

/** A literal of each kind broken as ngrok refuses it, with `word` in it. */
const BAD_LITERALS: Readonly<Record<Literal, (word: string, n: number) => string>> = {
  cidr: (w, n) => (n % 2 === 0 ? `10.0.0.0/${33 + (n % 60)}` : `${w}-net`),
  "ip-policy": (w) => `${w}-policy`,
  regex: (w, n) => (n % 2 === 0 ? `/(${w}` : `${w}**`),
  url: (w) => `not a url ${w}`,
  "header-name": (w) => `x ${w}`,
  "header-value": (w) => `a\n${w}`,
  "webhook-provider": (w) => `${w}-hooks`,
};

/** Declared variables by type, to build expressions that do not type-check. */
const STRINGS = Object.entries(VARIABLES).filter(([, t]) => t === "string").map(([name]) => name);
const INTS = Object.entries(VARIABLES).filter(([, t]) => t === "int").map(([name]) => name);

/** A valid string for a field: from its closed list, a CEL expression, a credential, or text (sometimes with a `${...}`). */
function validString(field: Field): fc.Arbitrary<string> {
  if (field.oneOf) return fc.constantFrom(...field.oneOf);
  if (field.literal) return fc.constantFrom(...VALID_LITERALS[field.literal]);
  if (field.cel && field.condition) return fc.constantFrom("last_attempt.res.status_code >= 500", "attempts < 2", "conn.client_ip == '10.0.0.1'");
  if (field.cel) return fc.constantFrom("conn.client_ip", "req.method", "req.url.path");
  if (field.credential) return fc.constantFrom("user:password1", "admin:correct-horse-battery");
  const max = field.maxLength ?? 40;
  return fc.oneof(fc.constantFrom("text", "https://example.com/a", "x-value"), fc.constantFrom("${req.method}", "v-${conn.client_ip}")).filter((s) => s.length <= max);
}

function between(min: number | undefined, max: number | undefined, int: boolean): fc.Arbitrary<number> {
  const lo = min ?? 0;
  const hi = max ?? 1000;
  return int ? fc.integer({ min: lo, max: hi }) : fc.double({ min: lo, max: hi, noNaN: true });
}

function validDuration(field: Field): fc.Arbitrary<string> {
  const step = field.step ?? 1;
  const lo = Math.ceil((field.min ?? 1) / step);
  const hi = Math.floor((field.max ?? 3600) / step);
  return fc.integer({ min: lo, max: hi }).map((n) => `${n * step}s`);
}

function entryCount(field: Field): fc.Arbitrary<number> {
  const lo = field.minEntries ?? (field.required ? 1 : 0);
  return fc.integer({ min: lo, max: Math.min(field.maxEntries ?? 3, lo + 3) });
}

function validValue(field: Field): fc.Arbitrary<Json> {
  switch (field.kind) {
    case "string":
      return validString(field);
    case "bool":
      return fc.boolean();
    case "int":
    case "float":
      return between(field.min, field.max, field.kind === "int");
    case "duration":
      return validDuration(field);
    case "strings":
      if (field.oneOf && field.unique) return fc.subarray([...field.oneOf], { minLength: field.minEntries ?? (field.required ? 1 : 0) });
      return entryCount(field).chain((n) => fc.array(validString(field), { minLength: n, maxLength: n }));
    case "ints":
      return fc.array(between(field.min, field.max, true), { maxLength: 3 });
    case "map":
      return entryCount(field).chain((n) => fc.tuple(...Array.from({ length: n }, () => validString({ kind: "string" }))).map((vs) => Object.fromEntries(vs.map((v, i) => [`x-h${i}`, v]))));
    case "any":
      return fc.constantFrom<Json>({ a: "b" }, { who: "${conn.client_ip}", n: 1 });
    case "object":
      return validConfig(field.fields ?? {});
    case "objects":
      if (field.oneEntry) return entryCount(field).chain((n) => fc.array(fc.constantFrom(WORDS).chain((w) => validString({ kind: "string" }).map((v) => ({ [w[0]!]: v }))), { minLength: n, maxLength: n }));
      return entryCount(field).chain((n) => fc.array(validConfig(field.fields ?? {}), { minLength: n, maxLength: n }));
  }
}

/** A valid config: every required field, and some of the others. */
function validConfig(fields: Readonly<Record<string, Field>>): fc.Arbitrary<{ [k: string]: Json }> {
  const entries = Object.entries(fields).filter(([, field]) => field.deprecatedFor === undefined);
  const record: Record<string, fc.Arbitrary<Json>> = Object.fromEntries(entries.map(([name, field]) => [name, validValue(field)]));
  const required = entries.filter(([, field]) => field.required).map(([name]) => name);
  return fc.record(record, { requiredKeys: required }) as fc.Arbitrary<{ [k: string]: Json }>;
}

/** A value of another kind than the field takes. */
function wrongValue(field: Field): Json {
  switch (field.kind) {
    case "string":
    case "duration":
      return 42;
    case "bool":
      return "yes";
    case "int":
    case "float":
      return "12";
    default:
      return field.kind === "any" || field.kind === "map" || field.kind === "object" ? ["x"] : "x";
  }
}

/** A value over one of the field's documented limits, when it has one. */
function overLimit(field: Field): Json | undefined {
  if ((field.kind === "int" || field.kind === "float") && field.max !== undefined) return field.max + 1;
  if ((field.kind === "int" || field.kind === "float") && field.min !== undefined) return field.min - 1;
  if (field.kind === "duration" && field.max !== undefined) return `${field.max + (field.step ?? 1)}s`;
  if (field.kind === "string" && field.maxLength !== undefined) return "a".repeat(field.maxLength + 1);
  if (field.kind === "strings" && field.maxEntries !== undefined) return Array.from({ length: field.maxEntries + 1 }, (_, i) => (field.credential ? `u${i}:password${i}` : field.oneOf ? field.oneOf[0]! : field.cel ? "req.method" : field.literal ? VALID_LITERALS[field.literal][0]! : `v${i}`));
  if (field.kind === "map" && field.maxEntries !== undefined) return Object.fromEntries(Array.from({ length: field.maxEntries + 1 }, (_, i) => [`x-h${i}`, "v"]));
  if (field.kind === "objects" && field.maxEntries !== undefined) return undefined;
  if ((field.kind === "strings" || field.kind === "objects") && field.required) return [];
  return undefined;
}

const placeOf = (path: Path): string => pathText("", path).replace(/^\./, "");

/** One action in one of its phases, valid or broken in one way. */
const generated: fc.Arbitrary<Case> = fc
  .record({
    type: fc.constantFrom(...TYPES),
    break: fc.constantFrom<Break>("none", "none", "type", "phase", "unknown-field", "wrong-type", "missing", "limit", "expression", "type-error", "unknown-name", "bad-literal"),
    pick: fc.nat(),
    word: fc.constantFrom(...WORDS),
    named: fc.boolean(),
  })
  .chain(({ type, break: kind, pick, word, named }) => {
    const def = ACTIONS[type]!;
    const schema = def.config === "open" ? {} : def.config;
    return validConfig(schema).map((config): Case => {
      let phase: PhaseName = def.phases[pick % def.phases.length]!;
      const action: { type: string; config: { [k: string]: Json } } = { type, config: { ...config } };
      const rule: { name?: string; expressions: string[]; actions: typeof action[] } = { expressions: ["req.method != 'TRACE'"], actions: [action] };
      if (named) rule.name = `rule ${word}`;
      const at: Path = [phase, 0, "actions", 0];
      let place: Path | undefined;
      const fields = Object.entries(schema).filter(([, f]) => f.deprecatedFor === undefined);
      const field = fields.length === 0 ? undefined : fields[pick % fields.length]!;
      switch (kind) {
        case "type":
          action.type = `${word}-action`;
          place = [...at, "type"];
          break;
        case "phase": {
          const other = (["on_tcp_connect", "on_http_request", "on_http_response", "on_event_stream_message"] as PhaseName[]).filter((p) => !def.phases.includes(p));
          if (other.length === 0) break;
          phase = other[pick % other.length]!;
          place = [phase, 0, "actions", 0];
          break;
        }
        case "unknown-field":
          if (def.config === "open") break;
          action.config[`zz_${word}`] = "x";
          place = [...at, "config", `zz_${word}`];
          break;
        case "wrong-type":
          if (field === undefined) break;
          action.config[field[0]] = wrongValue(field[1]);
          place = [...at, "config", field[0]];
          break;
        case "missing": {
          const required = fields.filter(([, f]) => f.required);
          if (required.length === 0) break;
          const [name] = required[pick % required.length]!;
          delete action.config[name];
          place = [...at, "config", name];
          break;
        }
        case "limit": {
          const limited = fields.map(([name, f]) => [name, overLimit(f)] as const).filter(([, v]) => v !== undefined);
          if (limited.length === 0) break;
          const [name, value] = limited[pick % limited.length]!;
          action.config[name] = value!;
          place = [...at, "config", name];
          break;
        }
        case "expression":
          rule.expressions = ["req.method != 'TRACE'", `req.${word} ==`];
          place = [phase, 0, "expressions", 1];
          break;
        case "type-error": {
          // A declared variable used against its type: a string compared with a number, an int with a string, or no bool at all.
          const s = STRINGS[pick % STRINGS.length]!;
          const i = INTS[pick % INTS.length]!;
          rule.expressions = ["req.method != 'TRACE'", [`${s} > ${pick % 100}`, `${i} == '${word}'`, s, `${s} + ${pick % 9} == '${word}'`][pick % 4]!];
          place = [phase, 0, "expressions", 1];
          break;
        }
        case "unknown-name":
          rule.expressions = ["req.method != 'TRACE'", [`req.${word}_field == 'x'`, `${word}Fn(req.url.path)`, `${word}.size() > 0`, `req.url.path.${word}()`][pick % 4]!];
          place = [phase, 0, "expressions", 1];
          break;
        case "bad-literal": {
          const literal = fields.filter(([, f]) => f.literal !== undefined || f.headers === true);
          if (literal.length === 0) break;
          const [name, f] = literal[pick % literal.length]!;
          if (f.headers) {
            const badName = pick % 2 === 0;
            const key = badName ? BAD_LITERALS["header-name"](word, pick) : "x-bad";
            action.config[name] = { [key]: badName ? "v" : BAD_LITERALS["header-value"](word, pick) };
            place = [...at, "config", name, key];
          } else if (f.kind === "strings") {
            action.config[name] = [VALID_LITERALS[f.literal!][0]!, BAD_LITERALS[f.literal!](word, pick)];
            place = [...at, "config", name, 1];
          } else {
            action.config[name] = BAD_LITERALS[f.literal!](word, pick);
            place = [...at, "config", name];
          }
          break;
        }
      }
      return { policy: { [phase]: [rule] } as WirePolicy, break: place === undefined ? "none" : kind, place: place === undefined ? undefined : placeOf(place) };
    });
  });

/** The provider's preview check: undefined when it accepts, else the place of its first problem. */
function preview(text: string): string | undefined {
  const problems = policyProblems(PolicyValue.read(text));
  if (problems.length === 0) return undefined;
  const p = problems[0]!;
  // The check names an unknown field at the object that holds it: the field's own place is below.
  const unknown = /^has unknown field\(s\): ([^ ,]+)/.exec(p.message);
  return placeOf(unknown ? [...p.path, unknown[1]!] : p.path);
}

/** testPolicy: undefined when it runs, else the place of its PolicyRefusal. */
async function tested(policy: WirePolicy, refusedElsewhere: boolean): Promise<string | undefined> {
  try {
    // A policy the others refuse runs through testPolicy itself (its refusal comes before any
    // request); one they accept is only built, as testPolicy builds it, since its request would
    // reach what a generated config names (JWKS URLs, http-request targets).
    if (refusedElsewhere) await testPolicy(policy, "https://app.example.com/");
    else policyTester(policy);
    return undefined;
  } catch (err) {
    if (err instanceof PolicyRefusal) return err.place;
    throw err;
  }
}

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  expect((await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" })).status).toBe(201);
});
afterAll(() => emu.close());

/** A cloud endpoint's policy must always answer: the generated one, with an answer at the end of on_http_request. */
function answering(policy: WirePolicy): string {
  return JSON.stringify({ ...policy, on_http_request: [...(policy.on_http_request ?? []), { actions: [{ type: "custom-response", config: { status_code: 200 } }] }] });
}

/**
 * The emulator's API: every HTTP_EVERY-th policy over loopback (`POST /endpoints`, the place in
 * the error's details.path), the others through the check that route makes (checkEndpointPolicy,
 * the same code without HTTP), since 10,000 requests and deletions do not fit the run's time.
 */
async function api(policy: WirePolicy, overHttp: boolean): Promise<string | undefined> {
  const text = answering(policy);
  if (!overHttp) {
    try {
      checkEndpointPolicy(text, URL_);
      return undefined;
    } catch (err) {
      if (err instanceof ApiFailure) return err.details["path"] ?? `(no place: ${err.errorCode} ${err.message})`;
      throw err;
    }
  }
  // Pooled, so that the accepted ones need not be deleted.
  const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url: URL_, traffic_policy: text, pooling_enabled: true });
  if (answer.status === 201) return undefined;
  return String(answer.json?.details?.path ?? `(no place: ${answer.json?.error_code} ${answer.json?.msg})`);
}

it(`preview, the API and testPolicy agree on ${RUNS} generated policies (seed ${SEED})`, async () => {
  let n = 0;
  const seen: Record<Break, number> = { none: 0, type: 0, phase: 0, "unknown-field": 0, "wrong-type": 0, missing: 0, limit: 0, expression: 0, "type-error": 0, "unknown-name": 0, "bad-literal": 0 };
  await fc.assert(
    fc.asyncProperty(generated, async (c) => {
      const text = JSON.stringify(c.policy);
      const checked = preview(text);
      const answered = await api(c.policy, n++ % HTTP_EVERY === 0);
      const ran = await tested(c.policy, checked !== undefined || answered !== undefined);
      seen[c.break]++;
      expect({ preview: checked, api: answered, testPolicy: ran }).toEqual({ preview: c.place, api: c.place, testPolicy: c.place });
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  // Each way of breaking a policy was tried, and most policies were valid or broken.
  for (const kind of Object.keys(seen) as Break[]) expect([kind, seen[kind] > 0]).toEqual([kind, true]);
  // About 45 s alone; more when the suite runs files side by side on few cores.
}, 300_000);

/**
 * The breaking-change gate: compares schema.json with the schema of the last release
 * (release/<version>/schema.json, the highest version below package.json's) and lists, one line
 * each, what a program or state written for that release would lose: a removed resource, function,
 * object type, config setting, property or output; a property whose type changed (an input whose
 * union only gained alternatives breaks nothing); an input that became required; an enum value
 * removed. Additions break nothing.
 *
 * It fails when there is a breaking change and the version does not say so. The rule is npm's and
 * Cargo's reading of semver: a breaking change needs a new major version, and before 1.0.0 a new
 * minor one (0.1.x to 0.2.0), since caret ranges (`^0.1.0`) never cross a 0.x minor.
 *
 * Our own check rather than pulumi/schema-tools' `compare`: that Go module is not served by the Go
 * module proxy this project builds with, and this gate needs to answer in the project's terms
 * (a version rule and one line per change, run by jest in `make test`).
 *
 *   node dist/provider/gen/breaking.js [<schema.json> [<last release's schema.json>]]
 */
import * as fs from "fs";
import * as path from "path";

/** The parts of a Pulumi package schema the comparison reads. */
interface TypeSpec {
  type?: string;
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  oneOf?: TypeSpec[];
}
interface ObjectSpec {
  properties?: Record<string, TypeSpec>;
  required?: string[];
}
interface ResourceSpec extends ObjectSpec {
  inputProperties?: Record<string, TypeSpec>;
  requiredInputs?: string[];
}
interface ComplexTypeSpec extends ObjectSpec {
  type?: string;
  enum?: { name?: string; value: unknown }[];
}
interface FunctionSpec {
  inputs?: ObjectSpec;
  outputs?: ObjectSpec;
}
export interface PackageSchema {
  version: string;
  config?: { variables?: Record<string, TypeSpec>; required?: string[] };
  provider?: ResourceSpec;
  resources?: Record<string, ResourceSpec>;
  functions?: Record<string, FunctionSpec>;
  types?: Record<string, ComplexTypeSpec>;
}

/** A type as a program sees it: `string`, `array<string>`, `map<integer>`, `ngrok:index:Foo`, `string | integer`. */
function typeText(t: TypeSpec | undefined): string {
  if (!t) return "none";
  if (t.$ref) return t.$ref.replace(/^#\/types\//, "").replace(/^pulumi\.json#\//, "");
  if (t.oneOf) return t.oneOf.map(typeText).join(" | ");
  if (t.type === "array") return `array<${typeText(t.items)}>`;
  if (t.type === "object" && t.additionalProperties) return `map<${typeText(t.additionalProperties)}>`;
  return t.type ?? "any";
}

/** The types a value may have: a union's alternatives, or the one type. */
const alternatives = (t: TypeSpec | undefined): string[] => (t?.oneOf ? t.oneOf.map(typeText) : [typeText(t)]);

/** The short name a program writes: `ngrok:index:CloudEndpoint` is `CloudEndpoint`. */
const shortName = (token: string): string => token.split(":").pop()!;

/**
 * What `after` breaks of `before`, properties of one object seen from one side: `what` names the
 * object (`resource CloudEndpoint`), `kind` the properties (`input`, `output`, `property`).
 * `requiredMatters`: a property that became required breaks (inputs, not outputs).
 */
function compareProperties(
  what: string,
  kind: string,
  before: Record<string, TypeSpec> | undefined,
  after: Record<string, TypeSpec> | undefined,
  required: { before?: string[]; after?: string[] } | undefined,
): string[] {
  const out: string[] = [];
  const b = before ?? {};
  const a = after ?? {};
  for (const [name, spec] of Object.entries(b)) {
    if (!(name in a)) out.push(`${what}: ${kind} \`${name}\` removed`);
    else if (typeText(spec) !== typeText(a[name]) && !(required && widened(spec, a[name]))) out.push(`${what}: ${kind} \`${name}\` changed type from ${typeText(spec)} to ${typeText(a[name])}`);
  }
  if (required) {
    const was = new Set(required.before ?? []);
    for (const name of required.after ?? []) if (!was.has(name)) out.push(`${what}: ${kind} \`${name}\` is now required`);
  }
  return out;
}

/**
 * Whether an input's type only gained alternatives (a union that accepts every value it accepted):
 * no program breaks. Inputs are the properties compared with `required` (outputs are not: a reader
 * of an output may not expect the new alternative).
 */
function widened(before: TypeSpec, after: TypeSpec | undefined): boolean {
  const now = new Set(alternatives(after));
  return alternatives(before).every((t) => now.has(t));
}

/** Every breaking change of `after` against `before`, one line each, in the schema's order. */
export function breakingChanges(before: PackageSchema, after: PackageSchema): string[] {
  const out: string[] = [];
  out.push(
    ...compareProperties("config", "setting", before.config?.variables, after.config?.variables, {
      before: before.config?.required,
      after: after.config?.required,
    }),
  );
  out.push(
    ...compareProperties("provider", "input", before.provider?.inputProperties, after.provider?.inputProperties, {
      before: before.provider?.requiredInputs,
      after: after.provider?.requiredInputs,
    }),
  );
  for (const [token, r] of Object.entries(before.resources ?? {})) {
    const now = after.resources?.[token];
    const what = `resource ${shortName(token)}`;
    if (!now) {
      out.push(`${what} removed`);
      continue;
    }
    out.push(...compareProperties(what, "input", r.inputProperties, now.inputProperties, { before: r.requiredInputs, after: now.requiredInputs }));
    out.push(...compareProperties(what, "output", r.properties, now.properties, undefined));
  }
  for (const [token, f] of Object.entries(before.functions ?? {})) {
    const now = after.functions?.[token];
    const what = `function ${shortName(token)}`;
    if (!now) {
      out.push(`${what} removed`);
      continue;
    }
    out.push(...compareProperties(what, "argument", f.inputs?.properties, now.inputs?.properties, { before: f.inputs?.required, after: now.inputs?.required }));
    out.push(...compareProperties(what, "output", f.outputs?.properties, now.outputs?.properties, undefined));
  }
  for (const [token, t] of Object.entries(before.types ?? {})) {
    const now = after.types?.[token];
    const what = `type ${shortName(token)}`;
    if (!now) {
      out.push(`${what} removed`);
      continue;
    }
    if (t.enum) {
      const values = new Set((now.enum ?? []).map((e) => JSON.stringify(e.value)));
      for (const e of t.enum) if (!values.has(JSON.stringify(e.value))) out.push(`${what}: enum value ${JSON.stringify(e.value)} removed`);
      continue;
    }
    if ((t.type ?? "object") !== (now.type ?? "object")) out.push(`${what}: changed type from ${t.type ?? "object"} to ${now.type ?? "object"}`);
    // An object type is both an input and an output: a newly required property breaks the inputs.
    out.push(...compareProperties(what, "property", t.properties, now.properties, { before: t.required, after: now.required }));
  }
  return out;
}

/** `major.minor.patch` of a version (a pre-release suffix ignored). */
export function parseVersion(v: string): [number, number, number] {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(v);
  if (!m) throw new Error(`"${v}" is not a semantic version`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const compareVersions = (a: string, b: string): number => {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/** Whether going from `last` to `next` may break: a new major, or before 1.0.0 a new minor. */
export function allowsBreaking(last: string, next: string): boolean {
  const [l, n] = [parseVersion(last), parseVersion(next)];
  if (n[0] !== l[0]) return n[0] > l[0];
  return l[0] === 0 && n[1] > l[1];
}

/** The smallest version after `last` that may break. */
export function nextBreakingVersion(last: string): string {
  const [major, minor] = parseVersion(last);
  return major === 0 ? `0.${minor + 1}.0` : `${major + 1}.0.0`;
}

/** The schema of the last release before `version`: release/<v>/schema.json with the highest v below it. */
export function lastReleaseSchema(root: string, version: string): string | undefined {
  const dir = path.join(root, "release");
  if (!fs.existsSync(dir)) return undefined;
  const releases = fs
    .readdirSync(dir)
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v) && fs.existsSync(path.join(dir, v, "schema.json")) && compareVersions(v, version) < 0)
    .sort(compareVersions);
  const last = releases.pop();
  return last === undefined ? undefined : path.join(dir, last, "schema.json");
}

export interface GateResult {
  ok: boolean;
  /** What the gate prints: the breaking changes, one a line, and its verdict. */
  lines: string[];
}

/** The gate's verdict on `schema` against the last release's `previous` (`label` names the file). */
export function gate(previous: PackageSchema, schema: PackageSchema, label: string): GateResult {
  const changes = breakingChanges(previous, schema);
  const against = `release ${previous.version} (${label})`;
  if (changes.length === 0) return { ok: true, lines: [`schema ${schema.version}: no breaking change against ${against}`] };
  const count = `${changes.length} breaking change${changes.length === 1 ? "" : "s"}`;
  if (allowsBreaking(previous.version, schema.version)) {
    return { ok: true, lines: [...changes, `schema ${schema.version}: ${count} against ${against}, allowed by the version`] };
  }
  return {
    ok: false,
    lines: [...changes, `schema ${schema.version}: ${count} against ${against}: restore them or make the version ${nextBreakingVersion(previous.version)}`],
  };
}

/**
 * The releases CHANGELOG.md dates (`## [0.2.0] - 2026-10-01`) that have no recorded schema
 * (release/<version>/schema.json) and come before `version`: a gate against an older baseline
 * would let the next release undo what they published.
 */
export function unrecordedReleases(root: string, version: string): string[] {
  const changelog = path.join(root, "CHANGELOG.md");
  if (!fs.existsSync(changelog)) return [];
  const dated = [...fs.readFileSync(changelog, "utf8").matchAll(/^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}\s*$/gm)].map((m) => m[1]!);
  return dated.filter((v) => compareVersions(v, version) < 0 && !fs.existsSync(path.join(root, "release", v, "schema.json")));
}

/**
 * The gate over a repository at `root`: its schema.json (or `schemaFile`) against the last
 * recorded release's (or `previousFile`), after checking that every release CHANGELOG.md dates
 * recorded its schema.
 */
export function gateRepository(root: string, schemaFile = path.join(root, "schema.json"), previousFile?: string): GateResult {
  const schema = JSON.parse(fs.readFileSync(schemaFile, "utf8")) as PackageSchema;
  const unrecorded = previousFile ? [] : unrecordedReleases(root, schema.version);
  if (unrecorded.length > 0) {
    return {
      ok: false,
      lines: unrecorded.map((v) => `release ${v} is dated in CHANGELOG.md but release/${v}/schema.json does not record its schema: add the schema.json it was released with`),
    };
  }
  const previous = previousFile ?? lastReleaseSchema(root, schema.version);
  if (!previous) return { ok: true, lines: [`schema ${schema.version}: no earlier release under release/ to compare with`] };
  return gate(JSON.parse(fs.readFileSync(previous, "utf8")) as PackageSchema, schema, path.relative(root, previous));
}

function main(argv: string[]): number {
  const root = process.cwd();
  const result = gateRepository(root, argv[0] ? path.resolve(argv[0]) : undefined, argv[1] ? path.resolve(argv[1]) : undefined);
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  return result.ok ? 0 : 1;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

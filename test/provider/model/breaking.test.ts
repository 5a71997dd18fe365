/**
 * The breaking-change gate (provider/gen/breaking.ts): schema.json against the last release's
 * (release/<version>/schema.json), as `make gate` and a release run it.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { allowsBreaking, breakingChanges, gate, gateRepository, lastReleaseSchema, type PackageSchema } from "../../../provider/gen/breaking";

const root = path.resolve(__dirname, "..", "..", "..");
const read = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as PackageSchema;
const current = read(path.join(root, "schema.json"));

/** Today's schema as a patch release of itself, changed by `edit`: a patch may break nothing. */
function patched(edit: (s: PackageSchema & Record<string, any>) => void): PackageSchema {
  const s = structuredClone(current) as PackageSchema & Record<string, any>;
  s.version = "0.2.1";
  edit(s);
  return s;
}
/** Today's schema as the release 0.2.0 that a patch follows. */
const release = (): PackageSchema & Record<string, any> => ({ ...structuredClone(current), version: "0.2.0" });
const base = release();

it("passes today's schema against the last release's, which it finds under release/, with no breaking change", () => {
  const last = lastReleaseSchema(root, current.version);
  expect(last && path.relative(root, last)).toBe(path.join("release", "0.1.0", "schema.json"));
  const result = gate(read(last!), current, "release/0.1.0/schema.json");
  expect(result).toEqual({ ok: true, lines: [`schema ${current.version}: no breaking change against release 0.1.0 (release/0.1.0/schema.json)`] });
});

it.each([
  ["a removed input", (s: any) => delete s.resources["ngrok:index:Credential"].inputProperties.description, "resource Credential: input `description` removed"],
  ["a removed output", (s: any) => delete s.resources["ngrok:index:Credential"].properties.token, "resource Credential: output `token` removed"],
  [
    "a changed type",
    (s: any) => (s.resources["ngrok:index:ReservedDomain"].inputProperties.domain = { type: "integer" }),
    "resource ReservedDomain: input `domain` changed type from string to integer",
  ],
  [
    "a newly required input",
    (s: any) => (s.resources["ngrok:index:Vault"].requiredInputs = [...(s.resources["ngrok:index:Vault"].requiredInputs ?? []), "description"]),
    "resource Vault: input `description` is now required",
  ],
  ["a removed resource", (s: any) => delete s.resources["ngrok:index:TcpAddress"], "resource TcpAddress removed"],
  ["a removed function", (s: any) => delete s.functions["ngrok:index:getVault"], "function getVault removed"],
  ["a removed config setting", (s: any) => delete s.config.variables.rateLimit, "config: setting `rateLimit` removed"],
  [
    "a removed enum value",
    (s: any, before: any) => {
      before.types["ngrok:index:Action"] = { type: "string", enum: [{ value: "allow" }, { value: "deny" }] };
      s.types["ngrok:index:Action"] = { type: "string", enum: [{ value: "allow" }] };
    },
    'type Action: enum value "deny" removed',
  ],
] as const)("fails a patch release on %s, naming it in one line", (_what, edit: (s: any, before: any) => unknown, line) => {
  const before = release();
  const result = gate(before, patched((s) => edit(s, before)), "schema.json");
  expect(result).toEqual({
    ok: false,
    lines: [line, "schema 0.2.1: 1 breaking change against release 0.2.0 (schema.json): restore them or make the version 0.3.0"],
  });
});

it("passes a patch release on additions: a resource, a function, an optional input, an output", () => {
  const added = patched((s) => {
    s.resources!["ngrok:index:Widget"] = { inputProperties: { name: { type: "string" } }, requiredInputs: ["name"], properties: { name: { type: "string" } } };
    s.functions!["ngrok:index:getWidget"] = { inputs: { properties: { id: { type: "string" } }, required: ["id"] }, outputs: { properties: {} } };
    s.resources!["ngrok:index:Credential"]!.inputProperties!.label = { type: "string" };
    s.resources!["ngrok:index:Credential"]!.properties!.createdBy = { type: "string" };
  });
  expect(breakingChanges(base, added)).toEqual([]);
  expect(gate(base, added, "schema.json").ok).toBe(true);
});

it("lets a new major, or before 1.0.0 a new minor, break (npm's and Cargo's reading of 0.x), and lists what breaks", () => {
  expect([allowsBreaking("0.1.0", "0.1.1"), allowsBreaking("0.1.0", "0.2.0"), allowsBreaking("0.9.3", "1.0.0")]).toEqual([false, true, true]);
  expect([allowsBreaking("1.2.0", "1.3.0"), allowsBreaking("1.2.0", "2.0.0"), allowsBreaking("2.0.0", "1.9.0")]).toEqual([false, true, false]);
  const removed = patched((s) => delete s.resources!["ngrok:index:TcpAddress"]);
  expect(gate({ ...base, version: "0.1.4" }, removed, "release/0.1.4/schema.json")).toEqual({
    ok: true,
    lines: ["resource TcpAddress removed", "schema 0.2.1: 1 breaking change against release 0.1.4 (release/0.1.4/schema.json), allowed by the version"],
  });
});

describe("a release records its schema as the next release's baseline", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gate-"));
    fs.mkdirSync(path.join(dir, "release", "0.1.0"), { recursive: true });
    fs.copyFileSync(path.join(root, "release", "0.1.0", "schema.json"), path.join(dir, "release", "0.1.0", "schema.json"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The repository at `dir` after releasing today's schema as 0.2.0, and a 0.2.1 that removes an input. */
  function releaseThenPatch(recorded: boolean): void {
    fs.writeFileSync(path.join(dir, "CHANGELOG.md"), "# Changelog\n\n## [0.2.1] - Unreleased\n\n## [0.2.0] - 2026-10-01\n\n## [0.1.0] - 2026-06-01\n");
    if (recorded) {
      fs.mkdirSync(path.join(dir, "release", "0.2.0"));
      fs.writeFileSync(path.join(dir, "release", "0.2.0", "schema.json"), JSON.stringify(release()));
    }
    fs.writeFileSync(path.join(dir, "schema.json"), JSON.stringify(patched((s: any) => delete s.resources["ngrok:index:Credential"].inputProperties.description)));
  }

  it("fails a patch release that removes an input against the release before it", () => {
    releaseThenPatch(true);
    expect(gateRepository(dir)).toEqual({
      ok: false,
      lines: [
        "resource Credential: input `description` removed",
        "schema 0.2.1: 1 breaking change against release 0.2.0 (release/0.2.0/schema.json): restore them or make the version 0.3.0",
      ],
    });
  });

  it("fails when a release CHANGELOG.md dates recorded no schema, instead of comparing with an older one", () => {
    releaseThenPatch(false);
    expect(gateRepository(dir)).toEqual({
      ok: false,
      lines: ["release 0.2.0 is dated in CHANGELOG.md but release/0.2.0/schema.json does not record its schema: add the schema.json it was released with"],
    });
  });
});

it("takes an input whose union only gained alternatives as no break, and the same change to an output as one", () => {
  const widened = patched((s: any) => {
    const input = s.resources["ngrok:index:ReservedDomain"].inputProperties;
    input.domain = { oneOf: [{ type: "string" }, { $ref: "#/types/ngrok:index:Domain" }] };
    s.resources["ngrok:index:ReservedDomain"].properties.domain = { oneOf: [{ type: "string" }, { type: "integer" }] };
  });
  expect(breakingChanges(base, widened)).toEqual(["resource ReservedDomain: output `domain` changed type from string to string | integer"]);
});

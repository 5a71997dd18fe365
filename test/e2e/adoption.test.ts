/**
 * End to end: resources created out of band (through the API) brought under Pulumi with the real
 * CLI and engine, using test/e2e/programs/adopt (stack config `mode` picks how):
 * - `Resource.get` reads them into the stack as external, read-only resources that Pulumi never
 *   changes or deletes;
 * - the `importId` input adopts them at creation: no new resource, the program's inputs applied,
 *   managed (and deleted by `destroy`) from then on; a missing id or a different immutable input
 *   fails `up` and changes nothing;
 * - the `import` resource option and `pulumi import` do not work with dynamic providers, which is
 *   why `importId` exists: those tests assert the engine's failure, so that they fail (and tell
 *   us) if a future engine supports them.
 *
 * Each test has its own emulator, stack and temporary directories. These tests fail, never skip,
 * when the CLI cannot be built. The SDK is loaded from dist/ (`make build` first).
 */
import * as path from "path";
import { call, missingId } from "../support/api";
import { PulumiStack, type RunResult, type StackResource } from "./pulumi";
import { useEmulatorStacks } from "./fixture";

jest.setTimeout(15 * 60_000);

const programDir = path.join(__dirname, "programs", "adopt");
const DOMAIN = "adopt.example.com";
const ACL = [`bind:${DOMAIN}`];

const fx = useEmulatorStacks();

function newStack(config: Record<string, string>): Promise<PulumiStack> {
  return fx.create({ programDir, config });
}

/** A reserved domain and a credential made through the API, as someone outside Pulumi would. */
async function outOfBand(): Promise<{ domain: Row; credential: Row & { token: string } }> {
  const d = await call(fx.emu, "POST", "/reserved_domains", { domain: DOMAIN, description: "made by hand", metadata: "owner=ops" });
  expect(d.status).toBe(201);
  const c = await call(fx.emu, "POST", "/credentials", { description: "made by hand too", acl: ACL });
  expect(c.status).toBe(201);
  expect(typeof c.json.token).toBe("string");
  return { domain: d.json as Row, credential: c.json as Row & { token: string } };
}

type Row = Record<string, unknown> & { id: string };

const rows = (kind: string) => fx.emu.resources(kind) as Row[];

/** The requests since the last clearRequests, as "METHOD /path". */
const requestLines = () => fx.emu.requests.map((r) => `${r.method} ${r.path}`);

/** The stack's ngrok resources (the Stack resource and providers left out), by name. */
async function ngrokResources(s: PulumiStack): Promise<Record<string, StackResource>> {
  const resources = (await s.stackExport()).deployment.resources ?? [];
  return Object.fromEntries(resources.filter((r) => r.type.includes("ngrok:")).map((r) => [r.urn.split("::").pop()!, r]));
}

const output = (r: RunResult) => `${r.stdout}\n${r.stderr}`;

/** `up` that is expected to fail: returns its output. */
/**
 * `pulumi preview` must fail, the resource's problem beginning with `property` (the failure names
 * no property, so that the engine prints no value next to it).
 */
async function failingPreview(s: PulumiStack, property: string): Promise<string> {
  const r = await s.run("preview (must fail)", ["preview", "--config-file", s.configFile], { allowFailure: true });
  expect(r.code).not.toBe(0);
  expect(output(r)).toMatch(new RegExp(`resource '[^']+' has a problem: ${property} `));
  expect(output(r)).not.toMatch(/property \S+ value /);
  return output(r);
}

async function failingUp(s: PulumiStack): Promise<string> {
  const r = await s.run("up (must fail)", ["up", "--yes", "--skip-preview", "--diff", "--config-file", s.configFile], { allowFailure: true });
  expect(r.code).not.toBe(0);
  return output(r);
}

describe("Resource.get", () => {
  it("reads existing resources into the stack as external resources, and destroy leaves them alone", async () => {
    const { domain, credential } = await outOfBand();
    const before = { domains: rows("reserved_domains"), credentials: rows("credentials") };
    const s = await newStack({ mode: "get", credentialId: credential.id, domainId: domain.id });

    fx.emu.clearRequests();
    await s.up();
    // Reading only: one GET each, nothing written.
    expect(requestLines().sort()).toEqual([`GET /credentials/${credential.id}`, `GET /reserved_domains/${domain.id}`]);

    // The state holds what the API answered, as external (read-only) resources.
    const state = await ngrokResources(s);
    expect(Object.keys(state).sort()).toEqual(["adopted-cred", "adopted-domain"]);
    expect(state["adopted-cred"]).toMatchObject({
      id: credential.id,
      external: true,
      outputs: { description: "made by hand too", acl: ACL, createdAt: credential.created_at },
    });
    expect(state["adopted-domain"]).toMatchObject({
      id: domain.id,
      external: true,
      outputs: { domain: DOMAIN, description: "made by hand", createdAt: domain.created_at },
    });
    // The token is returned only at creation: a read cannot know it. The self link only lookups answer.
    expect(state["adopted-cred"]!.outputs).not.toHaveProperty("token");
    expect(state["adopted-cred"]!.outputs).not.toHaveProperty("uri");
    expect(s.transcript).not.toContain(credential.token);

    // ... and the program sees the same values on the objects `get` returned, required inputs
    // (`domain`) included: the SDK class must list every property, not only optional ones, in
    // the props it registers, or `get` leaves that Output undefined.
    expect(await s.outputs()).toEqual({
      credentialId: credential.id,
      credentialDescription: "made by hand too",
      credentialAcl: ACL,
      domainId: domain.id,
      domain: DOMAIN,
      domainDescription: "made by hand",
    });

    await s.previewExpectNoChanges();

    fx.emu.clearRequests();
    await s.destroy();
    // `get` does not manage: destroy forgets them and the service keeps them, untouched.
    expect(fx.emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(rows("reserved_domains")).toEqual(before.domains);
    expect(rows("credentials")).toEqual(before.credentials);
    expect(await ngrokResources(s)).toEqual({});
  });
});

describe("importId", () => {
  it("adopts a reserved domain: no new one, the description applied, no diff afterwards, destroy deletes it", async () => {
    const { domain } = await outOfBand();
    const s = await newStack({ mode: "adopt-domain", domain: DOMAIN, domainId: domain.id });

    // The preview says it adopts, and what the adoption changes and clears (never the values).
    const preview = await s.preview();
    expect(preview.stdout + preview.stderr).toContain(
      `ReservedDomain importId adopts ${domain.id}: the first \`up\` changes description and clears metadata (unset in the program)`,
    );
    expect(preview.stdout + preview.stderr).not.toContain("owner=ops");

    fx.emu.clearRequests();
    await s.up();
    // The same reserved domain, now with the program's description; nothing created.
    expect(rows("reserved_domains")).toEqual([expect.objectContaining({ id: domain.id, domain: DOMAIN, description: "managed now" })]);
    expect(requestLines()).not.toContainEqual(expect.stringMatching(/^POST /));
    expect(requestLines()).toContain(`PATCH /reserved_domains/${domain.id}`);
    expect(await s.outputs()).toEqual({ domainId: domain.id, domain: DOMAIN, domainDescription: "managed now" });
    const state = await ngrokResources(s);
    expect(state.managed).toMatchObject({ id: domain.id });
    expect(state.managed!.external).toBeFalsy();

    await s.previewExpectNoChanges();
    await s.refreshExpectNoChanges();
    // importId only acts at creation: removing it from the program afterwards changes nothing.
    await s.pulumi("config rm domainId", "config", "rm", "domainId");
    await s.previewExpectNoChanges("preview --expect-no-changes (importId removed)");
    // Nor does the next change show it as removed: the plan is the change alone.
    await s.pulumi("config set description", "config", "set", "description", "changed later");
    const next = await s.preview("preview (importId removed, description changed)");
    expect(next.stdout).toMatch(/~ description: "managed now" => "changed later"/);
    expect(next.stdout).not.toMatch(/^\s*-\s*importId/m);

    fx.emu.clearRequests();
    await s.destroy();
    expect(requestLines()).toContain(`DELETE /reserved_domains/${domain.id}`);
    expect(rows("reserved_domains")).toEqual([]);
  });

  it("adopts a credential: no new one, the description applied, no token output, destroy deletes it", async () => {
    const { credential } = await outOfBand();
    const s = await newStack({ mode: "adopt-credential", acl: JSON.stringify(ACL), credentialId: credential.id });

    fx.emu.clearRequests();
    await s.up();
    expect(rows("credentials")).toEqual([expect.objectContaining({ id: credential.id, description: "managed now", acl: ACL })]);
    expect(requestLines()).not.toContainEqual(expect.stringMatching(/^POST /));
    expect(requestLines()).toContain(`PATCH /credentials/${credential.id}`);
    // The API cannot reveal the token after creation, so the adopted credential has none.
    expect(await s.outputs({ showSecrets: true })).toEqual({
      credentialId: credential.id,
      credentialDescription: "managed now",
      credentialAcl: ACL,
    });
    const state = await ngrokResources(s);
    expect(state.managed).toMatchObject({ id: credential.id });
    expect(state.managed!.external).toBeFalsy();
    expect(state.managed!.outputs).not.toHaveProperty("token");
    expect(s.transcript).not.toContain(credential.token);

    await s.previewExpectNoChanges();
    await s.refreshExpectNoChanges();

    fx.emu.clearRequests();
    await s.destroy();
    expect(requestLines()).toContain(`DELETE /credentials/${credential.id}`);
    expect(rows("credentials")).toEqual([]);
  });

  it("fails preview and up naming importId when it names nothing, and creates nothing", async () => {
    const missing = missingId("rd");
    const s = await newStack({ mode: "adopt-domain", domain: DOMAIN, domainId: missing });

    // Preview tells the truth: the adoption would fail.
    fx.emu.clearRequests();
    expect(await failingPreview(s, "importId")).toMatch(/has a problem: importId names no existing ReservedDomain, so there is nothing to adopt/);
    // The key's check (one request per command), then the adoption's read.
    expect(requestLines()).toEqual(["GET /tunnel_sessions", `GET /reserved_domains/${missing}`]);

    fx.emu.clearRequests();
    const out = await failingUp(s);
    expect(out).toMatch(/importId names no existing ReservedDomain, so there is nothing to adopt/);
    expect(requestLines()).toEqual(["GET /tunnel_sessions", `GET /reserved_domains/${missing}`]);
    expect(rows("reserved_domains")).toEqual([]);
    expect(await ngrokResources(s)).toEqual({});
  });

  it("fails preview and up naming domain when the program's domain differs from the adopted one, and changes nothing", async () => {
    const { domain } = await outOfBand();
    const before = rows("reserved_domains");
    const s = await newStack({ mode: "adopt-domain", domain: "other.example.com", domainId: domain.id });

    fx.emu.clearRequests();
    expect(await failingPreview(s, "domain")).toMatch(/has a problem: domain differs from the domain of the ReservedDomain that importId names/);

    fx.emu.clearRequests();
    const out = await failingUp(s);
    expect(out).toMatch(/domain differs from the domain of the ReservedDomain that importId names, and domain cannot be changed in place/);
    // Checked before anything is written: not even the description was applied.
    expect(requestLines()).toEqual(["GET /tunnel_sessions", `GET /reserved_domains/${domain.id}`]);
    expect(rows("reserved_domains")).toEqual(before);
    expect(await ngrokResources(s)).toEqual({});
  });
});

// Pulumi issues #16175 and #3550: the engine reads an imported resource without the serialised
// provider (`__provider`), so the dynamic-provider host cannot load it. These tests pin today's
// failure. If one of them starts failing because the import succeeded, the engine has fixed it:
// revisit `importId` (provider/engine/adopt.ts) and the README's advice.
describe("the import resource option and `pulumi import` (not supported by dynamic providers)", () => {
  it("the import resource option fails up and leaves the resource untouched", async () => {
    const { domain } = await outOfBand();
    const before = rows("reserved_domains");
    const s = await newStack({ mode: "import-option", domain: DOMAIN, domainId: domain.id });

    fx.emu.clearRequests();
    const out = await failingUp(s);
    expect(out).toMatch(/error: code must be a string, not undefined/);
    // The host fails to load the provider before the provider could send anything.
    expect(fx.emu.requests).toEqual([]);
    expect(rows("reserved_domains")).toEqual(before);
    expect(await ngrokResources(s)).toEqual({});
  });

  it("`pulumi import` fails and leaves the resource untouched", async () => {
    const { domain } = await outOfBand();
    const before = rows("reserved_domains");
    const s = await newStack({ mode: "get", credentialId: "cr_unused", domainId: domain.id });

    fx.emu.clearRequests();
    const r = await s.run(
      "pulumi import (must fail)",
      ["import", "pulumi-nodejs:dynamic/ngrok:ReservedDomain", "imported", domain.id, "--yes", "--generate-code=false", "--config-file", s.configFile],
      { allowFailure: true },
    );
    const out = output(r);
    expect(r.code).not.toBe(0);
    expect(out).toMatch(/error: Preview failed: code must be a string, not undefined/);
    expect(fx.emu.requests).toEqual([]);
    expect(rows("reserved_domains")).toEqual(before);
    expect(await ngrokResources(s)).toEqual({});
  });
});

/**
 * End to end with the real CLI and engine: a stack of edges, routes and all nine modules
 * (test/e2e/programs/edge-stack), each module a child of its route or TLS edge.
 * - the state records the parents and keeps the OIDC and webhook secrets, given as plain
 *   strings, as ciphertext;
 * - a module deleted out of band is gone on refresh and recreated by the next up;
 * - two resources for one slot, or a slot configured outside the program, fail preview and up
 *   with a clear error and write nothing, until the program adopts the slot with `importId`;
 * - destroy deletes modules before routes before edges, and every answer is a 2xx.
 *
 * Fails, never skips, when the CLI cannot be built. The SDK is loaded from dist/ (`make build` first).
 */
import * as path from "path";
import { call } from "../support/api";
import { PulumiStack, isEncryptedSecret, type RunResult, type StackResource } from "./pulumi";
import { useEmulatorStacks } from "./fixture";

jest.setTimeout(20 * 60_000);

const programDir = path.join(__dirname, "programs", "edge-stack");
/** The program's secrets, written in it as plain strings. */
const secrets = { "root-oidc": ["clientSecret", "stack-oidc-plain-s3cret"], "hooks-github": ["secret", "stack-webhook-plain-s3cret"] } as const;

const fx = useEmulatorStacks();

/** The stack's ngrok resources by name. */
async function ngrokResources(s: PulumiStack): Promise<Record<string, StackResource>> {
  const resources = (await s.stackExport()).deployment.resources ?? [];
  return Object.fromEntries(resources.filter((r) => r.type.includes("ngrok:")).map((r) => [r.urn.split("::").pop()!, r]));
}

const output = (r: RunResult) => `${r.stdout}\n${r.stderr}`;
const slot = async (p: string) => (await call(fx.emu, "GET", p)).json;

it("keeps modules under their routes and edges, secrets encrypted, slots unshared, and destroys children first with only 2xx answers", async () => {
  const policy = await call(fx.emu, "POST", "/ip_policies", { description: "office" });
  const backend = await call(fx.emu, "POST", "/backends/tunnel_group", { labels: { app: "db" } });
  const s = await fx.create({
    programDir,
    config: { ipPolicyId: policy.json.id, backendId: backend.json.id },
  });
  await s.up();

  // Parents: routes under their edge, modules under their route or edge; ids from the keys.
  const r = await ngrokResources(s);
  const parentOf = Object.fromEntries(Object.entries(r).map(([name, res]) => [name, res.parent?.split("::").pop()]));
  expect(parentOf).toEqual({
    "web-domain": "ngrok-e2e-edge-stack-e2e",
    "db-domain": "ngrok-e2e-edge-stack-e2e",
    web: "ngrok-e2e-edge-stack-e2e",
    root: "web",
    hooks: "web",
    "root-oidc": "root",
    "root-breaker": "root",
    "root-agents": "root",
    "root-ips": "root",
    "hooks-github": "hooks",
    db: "ngrok-e2e-edge-stack-e2e",
    "db-backend": "db",
    "db-ips": "db",
    "db-tls": "db",
  });
  expect(r["root-breaker"]!.parent).toBe(r.root!.urn);
  expect(r["root-breaker"]!.id).toBe(`${r.web!.id}/${r.root!.id}`);
  expect(r["db-tls"]!.id).toBe(r.db!.id);

  // Secrets given as plain strings: ciphertext in state, as inputs and outputs, and nowhere in clear.
  const rootSlot = `/edges/https/${r.web!.id}/routes/${r.root!.id}`;
  const text = JSON.stringify(await s.stackExport());
  for (const [name, [key, value]] of Object.entries(secrets)) {
    const res = r[name]!;
    expect({ name, key, output: isEncryptedSecret(res.outputs?.[key]), input: isEncryptedSecret(res.inputs?.[key]) }).toEqual({ name, key, output: true, input: true });
    expect({ name, inState: text.includes(value), inOutput: s.transcript.includes(value) }).toEqual({ name, inState: false, inOutput: false });
  }
  expect((await slot(`${rootSlot}/oidc`)).client_secret).toBe(secrets["root-oidc"][1]);

  // Deleted out of band: refresh drops it from the state, the next up puts it back.
  expect((await call(fx.emu, "DELETE", `${rootSlot}/circuit_breaker`)).status).toBe(204);
  await s.pulumi("refresh (module deleted out of band)", "refresh", "--yes", "--skip-preview");
  expect((await ngrokResources(s))["root-breaker"]).toBeUndefined();
  fx.emu.clearRequests();
  await s.up("up (recreate the module)");
  expect(fx.emu.requests.map((q) => `${q.method} ${q.path} ${q.status}`)).toContain(`PUT ${rootSlot}/circuit_breaker 200`);
  expect(await slot(`${rootSlot}/circuit_breaker`)).toMatchObject({ num_buckets: 10, error_threshold_percentage: 0.5 });
  await s.previewExpectNoChanges();

  // Two resources of the program for one slot: refused at up, nothing overwritten.
  await s.setConfig("duplicateBreaker", "true");
  fx.emu.clearRequests();
  const duplicate = await s.run("up (two resources, one slot)", ["up", "--yes", "--skip-preview", "--config-file", s.configFile], { allowFailure: true });
  expect(duplicate.code).not.toBe(0);
  // Which of the two resources the engine checks first is its choice: the second one checked is
  // refused, either as the program's own claim, naming both resources, or as a slot already
  // configured (the first checked cannot know of the other yet; both say to keep one).
  const slotId = `${r.web!.id}/${r.root!.id}`;
  expect(output(duplicate)).toMatch(
    new RegExp(`(the resources "root-breaker" and "root-breaker-again" of this program configure the same HttpsEdgeRouteCircuitBreaker \\(${slotId}\\): keep one of them|edgeId and routeId name an HttpsEdgeRouteCircuitBreaker \\(${slotId}\\) that is already configured in the account\\. If another resource of this program configures it, keep one of them)`),
  );
  expect(fx.emu.requests.filter((q) => q.method !== "GET")).toEqual([]);
  expect((await slot(`${rootSlot}/circuit_breaker`)).num_buckets).toBe(10);
  // The names the SDK passes for that message stay out of the state's inputs and outputs (Pulumi
  // still lists the argument, empty, among the resource's property dependencies).
  const resources = ((await s.stackExport()).deployment as { resources: { inputs?: object; outputs?: object }[] }).resources;
  expect(resources.filter((r) => JSON.stringify([r.inputs ?? {}, r.outputs ?? {}]).includes('"__ngrokResourceName"'))).toEqual([]);
  await s.setConfig("duplicateBreaker", "false");

  // A slot configured outside the program: reported at preview and at up, never taken over...
  const outside = { http: { tokens: [{ type: "jwt", method: "body", name: "token" }] } };
  expect((await call(fx.emu, "PUT", `${rootSlot}/jwt_validation`, outside)).status).toBe(200);
  await s.setConfig("jwt", "true");
  const importHint = `importId: "${r.web!.id}/${r.root!.id}"`;
  for (const [step, args] of [
    ["preview (slot configured outside)", ["preview"]],
    ["up (slot configured outside)", ["up", "--yes", "--skip-preview"]],
  ] as const) {
    const refused = await s.run(step, [...args, "--config-file", s.configFile], { allowFailure: true });
    expect({ step, failed: refused.code !== 0 }).toEqual({ step, failed: true });
    expect(output(refused)).toContain("is already configured in the account. If another resource of this program configures it, keep one of them");
    expect(output(refused)).toContain(importHint);
  }
  expect((await slot(`${rootSlot}/jwt_validation`)).http.tokens[0].method).toBe("body");
  // ...until the program adopts it: its configuration then replaces the one found.
  await s.setConfig("jwtImportId", `${r.web!.id}/${r.root!.id}`);
  await s.up("up (adopt the slot)");
  expect((await slot(`${rootSlot}/jwt_validation`)).http.tokens).toEqual([{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }]);
  await s.previewExpectNoChanges("preview --expect-no-changes after adoption");

  // Destroy: children before parents, dependents before dependencies, and no 4xx anywhere.
  const final = await ngrokResources(s);
  fx.emu.clearRequests();
  await s.destroy();
  expect(fx.emu.requests.filter((q) => q.status < 200 || q.status >= 300)).toEqual([]);
  const deletes = fx.emu.requests.filter((q) => q.method === "DELETE").map((q) => q.path);
  const hooksSlot = `/edges/https/${final.web!.id}/routes/${final.hooks!.id}`;
  const webEdge = `/edges/https/${final.web!.id}`;
  const dbEdge = `/edges/tls/${final.db!.id}`;
  const before: [string, string][] = [
    ...["oidc", "circuit_breaker", "user_agent_filter", "ip_restriction", "jwt_validation"].map((m): [string, string] => [`${rootSlot}/${m}`, rootSlot]),
    [`${hooksSlot}/webhook_verification`, hooksSlot],
    [rootSlot, webEdge],
    [hooksSlot, webEdge],
    ...["backend", "ip_restriction", "tls_termination"].map((m): [string, string] => [`${dbEdge}/${m}`, dbEdge]),
    [webEdge, `/reserved_domains/${final["web-domain"]!.id}`],
    [dbEdge, `/reserved_domains/${final["db-domain"]!.id}`],
  ];
  expect(new Set(deletes)).toEqual(new Set(before.flat()));
  expect(deletes).toHaveLength(new Set(deletes).size);
  for (const [child, parent] of before) {
    expect({ child, parent, inOrder: deletes.indexOf(child) < deletes.indexOf(parent) }).toEqual({ child, parent, inOrder: true });
  }
  for (const kind of ["reserved_domains", "https_edges", "https_edge_routes", "tls_edges"]) expect({ kind, rows: fx.emu.resources(kind) }).toEqual({ kind, rows: [] });
  s.dispose();
});

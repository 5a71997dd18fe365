/**
 * HttpsEdge, HttpsEdgeRoute and TlsEdge through the provider's operations, against the emulator
 * over loopback: hostports of reserved domains, routes under their edge, and the API's hostport
 * errors named by property.
 */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false, foreignDomains: ["theirs.example.com"] }));
  for (const domain of ["app.example.com", "api.example.com", "db.example.com"]) {
    expect((await call(emu, "POST", "/reserved_domains", { domain })).status).toBe(201);
  }
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const noChange = { changes: false, changed: [], replaces: [], deleteBeforeReplace: false };

describe.each([
  ["HttpsEdge", "/edges/https"],
  ["TlsEdge", "/edges/tls"],
] as const)("%s", (kind, path) => {
  let edge: Handler;
  beforeAll(() => {
    edge = provider.handler(kind);
  });

  it("creates on reserved hostports, reads, diffs, updates in place, clears and deletes", async () => {
    // The service lower-cases hostports: the program's spelling never shows as a diff.
    const inputs = { description: "public", hostports: ["App.example.com:443"] };
    expect((await edge.check({}, inputs)).failures).toEqual([]);
    const created = await edge.create(inputs);
    expect(created.id).toMatch(kind === "HttpsEdge" ? /^edghts_/ : /^edgtls_/);
    expect(created.outs).toMatchObject({ description: "public", hostports: ["app.example.com:443"] });
    const read = await edge.read(created.id, {});
    expect(read).toEqual({ id: created.id, props: created.outs });
    expect(await edge.diff(created.id, read.props, inputs)).toEqual(noChange);

    const changed = { hostports: ["app.example.com:443", "api.example.com:443"], metadata: "{}" };
    expect(await edge.diff(created.id, read.props, changed)).toMatchObject({ changes: true, replaces: [], deleteBeforeReplace: false });
    const updated = await edge.update(created.id, read.props, changed);
    expect((await call(emu, "GET", `${path}/${created.id}`)).json).toMatchObject({ hostports: changed.hostports, metadata: "{}" });
    expect(updated.outs.description).toBeUndefined(); // removed from the program: cleared
    expect(await edge.diff(created.id, updated.outs, changed)).toEqual(noChange);

    await edge.delete(created.id, updated.outs);
    expect((await call(emu, "GET", `${path}/${created.id}`)).status).toBe(404);
    expect(await edge.read(created.id, updated.outs)).toEqual({ id: "", props: {} });
  });

  it("fails on a hostport whose domain is not reserved with the API's message, naming hostports", async () => {
    for (const [hostport, code] of [
      ["nope.example.com:443", "ERR_NGROK_7117"],
      ["theirs.example.com:443", "ERR_NGROK_7118"],
    ]) {
      const err = (await edge.create({ hostports: ["db.example.com:443", hostport!] }).catch((e: unknown) => e)) as Error;
      // The program's own reference, quoted with its property path.
      expect(err.message).toMatch(new RegExp(`^HTTP 400 ${code}: The domain '${hostport!.replace(/\./g, "\\.")}' \\(hostports\\[1\\]\\) is not reserved.*\\. hostports: `));
    }
    const held = await edge.create({ hostports: ["db.example.com:443"] });
    const update = (await edge.update(held.id, held.outs, { hostports: ["nope.example.com:443"] }).catch((e: unknown) => e)) as Error;
    expect(update.message).toMatch(/ERR_NGROK_7117: .*hostports: reserve each hostport's domain first/);
    // A hostport serves one edge at a time.
    const twice = (await edge.create({ hostports: ["db.example.com:443"] }).catch((e: unknown) => e)) as Error;
    expect(twice.message).toMatch(/^HTTP 400 ERR_NGROK_381: .*hostports: a hostport is already served by another edge/);
    await edge.delete(held.id, held.outs);
  });
});

describe("HttpsEdgeRoute", () => {
  let edges: Handler;
  let route: Handler;
  beforeAll(() => {
    edges = provider.handler("HttpsEdge");
    route = provider.handler("HttpsEdgeRoute");
  });

  it("lives under its edge: created there, read with its edgeId, updated in place, replaced on another edge, deleted", async () => {
    const edge = await edges.create({});
    const inputs = { edgeId: edge.id, matchType: "path_prefix", match: "/api", description: "API" };
    expect((await route.check({}, inputs)).failures).toEqual([]);
    emu.clearRequests();
    const created = await route.create(inputs);
    // edgeId travels in the path, not in the body.
    expect(emu.requests.map((r) => [r.method, r.path])).toEqual([["POST", `/edges/https/${edge.id}/routes`]]);
    expect(created.id).toMatch(/^edghtsrt_/);
    expect(created.outs).toMatchObject(inputs);

    // `HttpsEdgeRoute.get(name, id, { edgeId })` reads with only the edgeId.
    const read = await route.read(created.id, { edgeId: edge.id });
    expect(read).toEqual({ id: created.id, props: created.outs });
    expect(await route.diff(created.id, read.props, inputs)).toEqual(noChange);

    const changed = { ...inputs, matchType: "exact_path", match: "/api/v2" };
    expect(await route.diff(created.id, read.props, changed)).toMatchObject({ changes: true, replaces: [] });
    const updated = await route.update(created.id, read.props, changed);
    expect((await call(emu, "GET", `/edges/https/${edge.id}/routes/${created.id}`)).json).toMatchObject({ match_type: "exact_path", match: "/api/v2" });
    expect(await route.diff(created.id, updated.outs, changed)).toEqual(noChange);

    const other = await edges.create({});
    expect(await route.diff(created.id, updated.outs, { ...changed, edgeId: other.id })).toMatchObject({ changes: true, replaces: ["edgeId"] });

    await route.delete(created.id, updated.outs);
    expect((await call(emu, "GET", `/edges/https/${edge.id}/routes/${created.id}`)).status).toBe(404);
    expect(await route.read(created.id, updated.outs)).toEqual({ id: "", props: {} });
    // Gone with its edge too.
    const second = await route.create(inputs);
    await edges.delete(edge.id, edge.outs);
    expect(await route.read(second.id, second.outs)).toEqual({ id: "", props: {} });
    await edges.delete(other.id, other.outs);
  });
});

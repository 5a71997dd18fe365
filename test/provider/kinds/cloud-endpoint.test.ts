/**
 * CloudEndpoint through the provider's operations, against the emulator over loopback: the
 * spellings of a policy, its validation at preview with no request, its credentials, and the
 * life cycle (create, read, in-place policy change, URL replace, delete).
 */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { cloudEndpoint } from "../../../provider/definitions/cloud-endpoint";
import { PolicyValue, policyWork, type PolicyWork } from "../../../provider/policy";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

let endpoint: Handler;
let emu: Emulator;
let provider: Provider;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
  endpoint = provider.handler("CloudEndpoint");
  await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" });
  await call(emu, "POST", "/reserved_domains", { domain: "other.example.com" });
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const policyObject = {
  onHttpRequest: [
    { name: "admins only", expressions: ["req.url.path.startsWith('/admin')"], actions: [{ type: "basic-auth", config: { credentials: ["ops:hunter22"] } }] },
    { actions: [{ type: "rate-limit", config: { name: "per ip", algorithm: "sliding_window", capacity: 10, rate: "60s", bucketKey: ["conn.client_ip"] } }] },
    { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
  ],
};
// The same policy as ngrok's documentation writes it, with a default spelled out (realm).
const policyYaml = `
on_http_request:
  - name: admins only
    expressions: ["req.url.path.startsWith('/admin')"]
    actions:
      - type: basic-auth
        config: { credentials: ["ops:hunter22"], realm: ngrok }
  - actions:
      - type: rate-limit
        config:
          bucket_key: [conn.client_ip]
          rate: 60s
          capacity: 10
          algorithm: sliding_window
          name: per ip
  - actions:
      - { type: forward-internal, config: { url: "https://app.internal", on_error: halt } }
on_http_response: []
`;
const policyJson = JSON.stringify({
  on_http_request: [
    { expressions: ["req.url.path.startsWith('/admin')"], name: "admins only", actions: [{ config: { credentials: ["ops:hunter22"] }, type: "basic-auth" }] },
    { actions: [{ type: "rate-limit", config: { name: "per ip", algorithm: "sliding_window", capacity: 10, rate: "60s", bucket_key: ["conn.client_ip"], enforce: true } }] },
    { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
  ],
});

/** The inputs the SDK class hands the engine: the policy without its credentials, and them beside it. */
function asEngineGetsIt(policy: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { trafficPolicy, trafficPolicySecrets } = PolicyValue.read(policy).inputs()!;
  return { url: "https://App.Example.com:443", trafficPolicy, trafficPolicySecrets, ...extra };
}

describe("CloudEndpoint check", () => {
  const reasons = async (news: Record<string, unknown>) => (await endpoint.check({}, news)).failures.map((f) => f.message);

  it("accepts the policy as the typed object, ngrok's documented object, YAML text and JSON text", async () => {
    for (const trafficPolicy of [policyObject, JSON.parse(policyJson) as unknown, policyYaml, policyJson]) {
      expect(await reasons({ url: "https://app.example.com", trafficPolicy })).toEqual([]);
      expect(await reasons(asEngineGetsIt(trafficPolicy))).toEqual([]);
    }
  });

  it("refuses what the API would refuse, naming the place in the policy, with no request", async () => {
    const before = emu.requests.length;
    const forward = { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] };
    const cases: [Record<string, unknown>, string][] = [
      [{ onHttpRequst: [forward] }, "trafficPolicy.onHttpRequst is not a Traffic Policy phase"],
      [{ onHttpRequest: [{ actions: [{ type: "rate-limt" }] }, forward] }, 'trafficPolicy.onHttpRequest[0].actions[0].type "rate-limt" is not a documented Traffic Policy action'],
      [{ onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200, colour: "red" } }] }] }, "trafficPolicy.onHttpRequest[0].actions[0].config has unknown field(s): colour"],
      [{ onHttpRequest: [{ actions: [{ type: "rate-limit", config: { name: "x", algorithm: "sliding_window", rate: "60s", bucketKey: ["conn.client_ip"] } }] }, forward] }, "trafficPolicy.onHttpRequest[0].actions[0].config.capacity is required"],
      [{ onHttpRequest: [{ expressions: ["true", "req.method == 'GET' &&& true"], actions: [{ type: "deny" }] }, forward] }, "trafficPolicy.onHttpRequest[0].expressions[1] is not a valid CEL expression: at column 21"],
      [{ onHttpRequest: [forward], onHttpResponse: [{ actions: [{ type: "rate-limit", config: { name: "x", algorithm: "sliding_window", capacity: 1, rate: "60s", bucketKey: ["req.host"] } }] }] }, "trafficPolicy.onHttpResponse[0].actions[0] (rate-limit) cannot run in onHttpResponse"],
      [{ onHttpRequest: [{ expressions: ["true"], actions: [{ type: "deny" }] }] }, "trafficPolicy.onHttpRequest must have a rule without expressions whose actions include a terminating action"],
    ];
    for (const [trafficPolicy, reason] of cases) {
      expect(await reasons({ url: "https://app.example.com", trafficPolicy })).toEqual([expect.stringContaining(reason)]);
    }
    // Phases the URL's scheme does not allow.
    expect(await reasons({ url: "tcp://1.tcp.ngrok.io:20000", trafficPolicy: { onTcpConnect: [{ actions: [{ type: "deny" }] }], onHttpRequest: [forward] } })).toEqual([
      expect.stringContaining("trafficPolicy.onHttpRequest is an HTTP phase, and the endpoint's url is tcp"),
    ]);
    expect(await reasons({ url: "https://api.internal", trafficPolicy: { onTcpConnect: [{ actions: [{ type: "deny" }] }], onHttpRequest: [forward] } })).toEqual([
      expect.stringContaining("trafficPolicy.onTcpConnect does not apply to an internal HTTP or HTTPS endpoint"),
    ]);
    expect(await reasons({ url: "https://app.example.com", trafficPolicy: "on_http_request:\n  - actions: [\n" })).toEqual([
      expect.stringMatching(/^trafficPolicy is not valid YAML or JSON .* at line \d+, column \d+$/),
    ]);
    expect(emu.requests.length).toBe(before);
  });

  it("never quotes a credential, even when its place is wrong", async () => {
    const all = await reasons({
      url: "https://app.example.com",
      trafficPolicy: { onHttpRequest: [{ actions: [{ type: "basic-auth", config: { credentials: "ops:hunter22" } }, { type: "deny" }] }] },
    });
    expect(all).toEqual([expect.stringContaining("trafficPolicy.onHttpRequest[0].actions[0].config.credentials must be a list of strings")]);
    expect(all.join("\n")).not.toContain("hunter22");
  });
});

describe("CloudEndpoint diff", () => {
  it("sees no change between the spellings, the URL's spellings, or defaults spelled out", async () => {
    const olds = { ...asEngineGetsIt(policyObject), url: "https://app.example.com" };
    for (const policy of [policyObject, JSON.parse(policyJson) as unknown, policyYaml, policyJson]) {
      expect(await endpoint.diff("ep_x", olds, asEngineGetsIt(policy))).toEqual({ changes: false, changed: [], replaces: [], deleteBeforeReplace: false });
    }
  });

  it("shows a real change in place, a credential's change in place, and a URL change as a replace", async () => {
    const olds = asEngineGetsIt(policyObject);
    const capacity = structuredClone(policyObject);
    (capacity.onHttpRequest[1]!.actions[0]!.config as { capacity: number }).capacity = 5;
    expect(await endpoint.diff("ep_x", olds, asEngineGetsIt(capacity))).toMatchObject({ changes: true, replaces: [], deleteBeforeReplace: false });
    const password = structuredClone(policyObject);
    (password.onHttpRequest[0]!.actions[0]!.config as { credentials: string[] }).credentials = ["ops:other"];
    expect(await endpoint.diff("ep_x", olds, asEngineGetsIt(password))).toMatchObject({ changes: true, replaces: [], deleteBeforeReplace: false });
    expect(await endpoint.diff("ep_x", olds, asEngineGetsIt(policyObject, { url: "https://other.example.com" }))).toEqual({
      changes: true,
      changed: ["url"],
      replaces: ["url"],
      deleteBeforeReplace: false,
    });
  });
});

describe("CloudEndpoint life cycle", () => {
  it("creates, reads, changes the policy in place and deletes; the API holds the policy with its credentials", async () => {
    const inputs = asEngineGetsIt(policyYaml, { description: "app" });
    const { id, outs } = await endpoint.create(inputs);
    expect(id).toMatch(/^ep_/);
    expect(outs).toMatchObject({ url: "https://app.example.com", type: "cloud", description: "app", scheme: "https" });
    // The outputs hold the policy without its credentials, and them beside it.
    expect(JSON.stringify(outs.trafficPolicy)).not.toContain("hunter22");
    expect(outs.trafficPolicySecrets).toEqual({ "onHttpRequest[0].actions[0].config.credentials[0]": "ops:hunter22" });
    const stored = await call(emu, "GET", `/endpoints/${id}`);
    expect(JSON.parse(stored.json.traffic_policy as string).on_http_request[0].actions[0].config.credentials).toEqual(["ops:hunter22"]);

    const read = await endpoint.read(id, outs);
    expect(await endpoint.diff(id, read.props, inputs)).toMatchObject({ changes: false });

    const changed = structuredClone(policyObject);
    (changed.onHttpRequest[1]!.actions[0]!.config as { capacity: number }).capacity = 5;
    const news = asEngineGetsIt(changed, { description: "app" });
    const updated = await endpoint.update(id, read.props, news);
    expect(updated.outs).toMatchObject({ trafficPolicy: { onHttpRequest: [{}, { actions: [{ config: { capacity: 5 } }] }, {}] } });
    const list = await call(emu, "GET", "/endpoints");
    expect((list.json.endpoints as { id: string; type: string }[]).filter((e) => e.id === id)).toEqual([expect.objectContaining({ type: "cloud" })]);

    await endpoint.delete(id, updated.outs);
    expect((await call(emu, "GET", `/endpoints/${id}`)).status).toBe(404);
  });

  it("round-trips bindings and poolingEnabled as the API answers them; the service's choice of binding is no change", async () => {
    const policy = { onHttpRequest: [{ actions: [{ type: "deny" }] }] };
    const inputs = { url: "https://app.example.com", trafficPolicy: policy };
    const plain = await endpoint.create(inputs);
    // Unset, the service binds a public URL publicly and pools nothing.
    expect(plain.outs).toMatchObject({ bindings: ["public"], poolingEnabled: false });
    expect((await endpoint.diff(plain.id, (await endpoint.read(plain.id, plain.outs)).props, inputs)).changes).toBe(false);

    const pooled = { ...inputs, bindings: ["kubernetes"], poolingEnabled: true };
    expect(await endpoint.diff(plain.id, plain.outs, pooled)).toMatchObject({ changes: true, changed: ["bindings", "poolingEnabled"], replaces: [] });
    const updated = await endpoint.update(plain.id, plain.outs, pooled);
    expect(updated.outs).toMatchObject({ bindings: ["kubernetes"], poolingEnabled: true });
    expect((await call(emu, "GET", `/endpoints/${plain.id}`)).json).toMatchObject({ bindings: ["kubernetes"], pooling_enabled: true });
    const read = await endpoint.read(plain.id, updated.outs);
    expect(read.props).toMatchObject({ bindings: ["kubernetes"], poolingEnabled: true });
    expect((await endpoint.diff(plain.id, read.props, pooled)).changes).toBe(false);

    // A second endpoint on the pooled URL; removing poolingEnabled from the program turns it off.
    const second = await endpoint.create(pooled);
    expect(second.outs).toMatchObject({ url: "https://app.example.com", poolingEnabled: true });
    await endpoint.delete(second.id, second.outs);
    const unpooled = await endpoint.update(plain.id, read.props, { ...inputs, bindings: ["kubernetes"] });
    expect(unpooled.outs.poolingEnabled).toBe(false);
    await endpoint.delete(plain.id, unpooled.outs);
  });

  it("refuses a URL whose domain the account has not reserved, and writes nothing", async () => {
    const before = (await call(emu, "GET", "/endpoints")).json.endpoints as unknown[];
    await expect(endpoint.create(asEngineGetsIt(policyObject, { url: "https://nowhere.example.org" }))).rejects.toThrow(/ERR_NGROK_18006/);
    expect((await call(emu, "GET", "/endpoints")).json.endpoints).toEqual(before);
  });
});

describe("CloudEndpoint reads each policy once per operation", () => {
  /** The inputs as a host hands them over: a fresh copy, as a request's are. */
  const fresh = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  async function counted<T>(run: () => Promise<T>): Promise<{ result: T; work: PolicyWork }> {
    const before = policyWork();
    const result = await run();
    const after = policyWork();
    return { result, work: { reads: after.reads - before.reads, walks: after.walks - before.walks } };
  }

  // Texts already read are remembered (the API's answers too): each case's policy is its own.
  const named = (name: string) => {
    const policy = structuredClone(policyObject);
    policy.onHttpRequest[0]!.name = name;
    return policy;
  };
  it.each([
    ["object", named("counted object"), named("counted object, changed")],
    ["YAML", policyYaml.replace("admins only", "counted yaml"), named("counted yaml, changed")],
  ])("from the %s spelling: a check reads the given policy once, a create it and the API's answer, an update them and the old outputs", async (_name, policy, changed) => {
    const inputs = asEngineGetsIt(policy, { url: "https://app.example.com" });
    // A check: the policy read once, then validated and keyed (for the check of references).
    const check = await counted(() => endpoint.check({}, fresh(inputs)));
    expect(check.result.failures).toEqual([]);
    expect(check.work.reads).toBe(1);
    expect(check.work.walks).toBeLessThanOrEqual(3);
    // A create: the inputs' policy read once (the API's text made from it), the API's answer once
    // (its typed form and its credentials split from it).
    const create = await counted(() => endpoint.create(fresh(inputs)));
    expect(create.work.reads).toBe(2);
    expect(create.work.walks).toBeLessThanOrEqual(4);
    const { id, outs } = create.result;
    // An update: the old outputs' policy, the new inputs' and the API's answer, each read once.
    const news = asEngineGetsIt(changed, { url: "https://app.example.com" });
    const update = await counted(() => endpoint.update(id, fresh(outs), fresh(news)));
    expect(update.work.reads).toBe(3);
    expect(update.work.walks).toBeLessThanOrEqual(7);
    await endpoint.delete(id, update.result.outs);
  });

  it("a host with no SDK code splits the program's policy and checks it with one reading", async () => {
    const given = { url: "https://app.example.com", trafficPolicy: `${policyYaml}# prepared\n` };
    const { result, work } = await counted(() => {
      const prepared = { ...given, ...cloudEndpoint.prepareInputs!(given) };
      return endpoint.check({}, prepared);
    });
    expect(result.failures).toEqual([]);
    expect(work.reads).toBe(1);
  });
});

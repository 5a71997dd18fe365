/**
 * End to end with the real CLI and engine: a program of 50 lookups (20 reserved domains, 15 vaults
 * and 10 service users by name, 2 vault secrets by vault and name, 3 cloud endpoints by id; both
 * forms, some awaited one after another) and no resource, through a counting proxy, against an
 * emulator limited to 20 requests per 10 s. Each run of the program reads each kind's list once:
 * at most 6 requests per run, in `preview` and in `up` (whose preview and update each run the
 * program), and nothing refused.
 *
 * The account is filled before the limit applies (an emulator without it, whose state a limited
 * one then loads).
 *
 * And lookups of what ngrok records by itself beside a program's endpoints
 * (test/e2e/programs/recorded): Kubernetes operators and the endpoints bound to their cluster, and
 * the people who sign in to an endpoint through the emulator's gateway: what `up` answers as an
 * operator registers, people sign in, and one is deleted.
 *
 * Fails, never skips, when the CLI cannot be built. The SDK is loaded from dist/ (`make build` first).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { call } from "../support/api";
import { send } from "../emulator/gateway/support";
import { startProxy, type Proxy } from "../support/proxy";
import { PulumiStack, cleanUpStack, pulumiBinDir } from "./pulumi";

jest.setTimeout(15 * 60_000);

const programDir = path.join(__dirname, "programs", "lookups");
const apiKey = "emu_lookups_e2e";

let dir: string | undefined;
let emu: Emulator | undefined;
let proxy: Proxy | undefined;
let stack: PulumiStack | undefined;

beforeAll(() => pulumiBinDir(), 60 * 60_000);
afterEach(async () => {
  await cleanUpStack(stack);
  await proxy?.close();
  await emu?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The account the program looks into, made through an emulator with no rate limit. */
async function fill(statePath: string): Promise<{ domains: string[]; vaults: string[]; users: string[]; secrets: string[]; endpoints: string[] }> {
  const seed = await startEmulator({ statePath, apiKey, rateLimit: false });
  const post = async (p: string, body: Record<string, unknown>): Promise<string> => {
    const r = await call(seed, "POST", p, body);
    if (r.status !== 201 && r.status !== 200) throw new Error(`POST ${p} answered ${r.status}: ${r.text}`);
    return r.json.id as string;
  };
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  try {
    const domains: string[] = [];
    for (const i of range(20)) domains.push(await post("/reserved_domains", { domain: `l${i}.lookups.example.com` }));
    const vaults: string[] = [];
    for (const i of range(15)) vaults.push(await post("/vaults", { name: `vault-${i}` }));
    const users: string[] = [];
    for (const i of range(10)) users.push(await post("/service_users", { name: `user-${i}` }));
    const secrets: string[] = [];
    for (const i of range(2)) secrets.push(await post("/vault_secrets", { vault_id: vaults[0], name: `secret-${i}`, value: `s${i}` }));
    const endpoints: string[] = [];
    for (const i of range(3)) {
      endpoints.push(await post("/endpoints", { type: "cloud", url: `https://l${i}.lookups.example.com`, traffic_policy: '{"on_http_request":[{"actions":[{"type":"deny"}]}]}' }));
    }
    return { domains, vaults, users, secrets, endpoints };
  } finally {
    await seed.close();
  }
}

it("50 lookups of five kinds cost at most one request per kind and page in each run of the program, and none is refused", async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lookups-e2e-"));
  const statePath = path.join(dir, "state.json");
  const made = await fill(statePath);
  emu = await startEmulator({ statePath, apiKey, rateLimit: { limit: 20, windowMs: 10_000 } });
  proxy = await startProxy(emu.url, "none");
  stack = await PulumiStack.create({
    programDir,
    config: { "ngrok:apiBaseUrl": proxy.url, endpointIds: JSON.stringify(made.endpoints) },
    secretConfig: { "ngrok:apiKey": apiKey },
  });

  const refused = () => emu!.requests.filter((r) => r.status === 429).length;
  const pages = () => emu!.requests.map((r) => `${r.method} ${r.path}${r.query}`).sort();
  const expected = ["GET /endpoints", "GET /reserved_domains", "GET /service_users", "GET /vault_secrets", "GET /vaults"];

  emu.clearRequests();
  let before = proxy.passed;
  await stack.preview();
  const previewed = proxy.passed - before;
  expect({ requests: previewed, refused: refused() }).toEqual({ requests: 5, refused: 0 });
  expect(pages()).toEqual(expected);

  // `up` runs the program twice (its preview, then the update): one walk of each list per run.
  emu.clearRequests();
  before = proxy.passed;
  await stack.pulumi("up", "up", "--yes");
  const upped = proxy.passed - before;
  expect({ requests: upped, refused: refused() }).toEqual({ requests: 10, refused: 0 });
  expect(pages()).toEqual([...expected, ...expected].sort());

  const outputs = await stack.outputs();
  expect(outputs).toEqual({
    domainIds: made.domains,
    vaultIds: made.vaults,
    userIds: made.users,
    secretIds: made.secrets,
    endpointUrls: [0, 1, 2].map((i) => `https://l${i}.lookups.example.com`),
  });
});

it("what ngrok records by itself: up answers the cluster's operators and bound endpoints, and who signed in through the gateway by endpoint, provider and email", async () => {
  emu = await startEmulator({ apiKey, gateway: true });
  stack = await PulumiStack.create({
    programDir: path.join(__dirname, "programs", "recorded"),
    config: { "ngrok:apiBaseUrl": emu.url },
    secretConfig: { "ngrok:apiKey": apiKey },
  });
  await stack.pulumi("up", "up", "--yes");
  expect(await stack.outputs()).toEqual({ eastOperatorIds: [], eastBoundUrls: [], sessionUserIds: [], googleEmails: [] });

  // The operator registers itself in cluster east; people sign in to the endpoint through the gateway.
  const operator = await call(emu, "POST", "/kubernetes_operators", { enabled_features: ["bindings"], deployment: { cluster_name: "east" } });
  expect(operator.status).toBe(201);
  const visit = async (email: string) => {
    const res = await send(emu!.gateway!.url, "team.recorded.example.com", "/", { headers: { "ngrok-emulator-identity": email } });
    expect([res.status, res.body]).toEqual([200, `hello ${email}`]);
  };
  await visit("alice@example.com");
  await visit("bob@example.com");
  await stack.setConfig("email", "alice@example.com");
  await stack.pulumi("up again", "up", "--yes");
  const users = (await call(emu, "GET", "/app/users")).json.application_users as { id: string; email: string }[];
  const alice = users.find((u) => u.email === "alice@example.com")!.id;
  const bob = users.find((u) => u.email === "bob@example.com")!.id;
  expect(await stack.outputs()).toEqual({
    eastOperatorIds: [operator.json.id],
    eastBoundUrls: ["https://k8s.recorded.example.com"],
    sessionUserIds: [alice, bob].sort(),
    googleEmails: ["alice@example.com", "bob@example.com"],
    userId: alice,
  });

  expect((await call(emu, "DELETE", `/app/users/${bob}`)).status).toBe(204);
  await stack.pulumi("up after a deletion", "up", "--yes");
  expect(await stack.outputs()).toMatchObject({ sessionUserIds: [alice], googleEmails: ["alice@example.com"], userId: alice });
  await stack.destroy();
  expect(emu.resources("endpoints")).toEqual([]);
});

/**
 * Filtered lists read page by page. ngrok's API filtering guide
 * (https://ngrok.com/docs/api/api-filtering) lists the filterable lists and their fields; paging is
 * the API reference's (https://ngrok.com/docs/api#pagination: newest first, `limit`, `before_id`,
 * `next_page_uri`). A client that walks a filtered list at any page size must get every match,
 * once, in the order one unpaged read gives.
 */
import { FakeClock, startEmulator, type Emulator } from "../../../emulator";
import { call, sshEd25519 } from "../../support/api";
import { selfSignedPem } from "../../support/certs";

const DAY = 24 * 3600 * 1000;
const policy = JSON.stringify({ on_http_request: [{ actions: [{ type: "deny" }] }] });

/** A filterable list: how to make its i-th item, matching the filter or not. */
interface ListCase {
  path: string;
  key: string;
  /** The filter the matching items answer (most read `obj.metadata`). */
  filter?: string;
  /** The field a `timestamp(time.now).subtract(...)` filter compares. */
  timeField?: string;
  setup?(emu: Emulator): Promise<Record<string, string>>;
  make(emu: Emulator, i: number, meta: string, ctx: Record<string, string>): Promise<void>;
}

const post = async (emu: Emulator, path: string, body: unknown): Promise<void> => {
  const a = await call(emu, "POST", path, body);
  if (a.status !== 201) throw new Error(`POST ${path}: ${a.status} ${a.text}`);
};

const CASES: ListCase[] = [
  {
    path: "/endpoints",
    key: "endpoints",
    make: (emu, i, metadata) => post(emu, "/endpoints", { url: `https://e${i}.internal`, traffic_policy: policy, metadata }),
  },
  { path: "/reserved_addrs", key: "reserved_addrs", make: (emu, _i, metadata) => post(emu, "/reserved_addrs", { metadata }) },
  { path: "/reserved_domains", key: "reserved_domains", make: (emu, i, metadata) => post(emu, "/reserved_domains", { domain: `d${i}.example.com`, metadata }) },
  {
    path: "/tls_certificates",
    key: "tls_certificates",
    async make(emu, i, metadata) {
      const pem = await selfSignedPem(`c${i}.example.com`);
      await post(emu, "/tls_certificates", { certificate_pem: pem.certificatePem, private_key_pem: pem.privateKeyPem, metadata });
    },
  },
  {
    path: "/certificate_authorities",
    key: "certificate_authorities",
    async make(emu, i, metadata) {
      await post(emu, "/certificate_authorities", { ca_pem: (await selfSignedPem(`ca${i}`, true)).certificatePem, metadata });
    },
  },
  { path: "/ip_policies", key: "ip_policies", make: (emu, _i, metadata) => post(emu, "/ip_policies", { metadata }) },
  {
    path: "/ip_policy_rules",
    key: "ip_policy_rules",
    setup: async (emu) => ({ policy: (await call(emu, "POST", "/ip_policies", {})).json.id }),
    make: (emu, i, metadata, ctx) => post(emu, "/ip_policy_rules", { ip_policy_id: ctx["policy"], cidr: `10.0.${i}.0/24`, action: "allow", metadata }),
  },
  { path: "/agent_ingresses", key: "ingresses", make: (emu, i, metadata) => post(emu, "/agent_ingresses", { domain: `a${i}.example.org`, metadata }) },
  {
    path: "/tunnel_sessions",
    key: "tunnel_sessions",
    timeField: "started_at",
    setup: async (emu) => ({ credential: (await call(emu, "POST", "/credentials", {})).json.id }),
    async make(emu, _i, metadata, ctx) {
      emu.connectAgent({ credentialId: ctx["credential"]!, os: "linux", agentVersion: "3.18.0", metadata, tunnels: [{ proto: "tcp", forwardsTo: "localhost:22" }] });
    },
  },
  {
    path: "/event_destinations",
    key: "event_destinations",
    make: (emu, _i, metadata) => post(emu, "/event_destinations", { target: { datadog: { api_key: "k", ddsite: "datadoghq.com" } }, metadata }),
  },
  { path: "/event_subscriptions", key: "event_subscriptions", make: (emu, _i, metadata) => post(emu, "/event_subscriptions", { metadata }) },
  {
    path: "/ip_restrictions",
    key: "ip_restrictions",
    setup: async (emu) => ({ policy: (await call(emu, "POST", "/ip_policies", {})).json.id }),
    make: (emu, _i, metadata, ctx) => post(emu, "/ip_restrictions", { type: "dashboard", ip_policy_ids: [ctx["policy"]], metadata }),
  },
  { path: "/api_keys", key: "keys", make: (emu, _i, metadata) => post(emu, "/api_keys", { metadata }) },
  { path: "/ssh_credentials", key: "ssh_credentials", make: (emu, i, metadata) => post(emu, "/ssh_credentials", { public_key: sshEd25519(`k${i}@host`), metadata }) },
  { path: "/credentials", key: "credentials", make: (emu, _i, metadata) => post(emu, "/credentials", { metadata }) },
  {
    // The guide lists id and created_at only; ngrok's OpenAPI description lists name as well.
    path: "/service_users",
    key: "service_users",
    filter: 'obj.name.startsWith("match")',
    make: (emu, i, metadata) => post(emu, "/service_users", { name: `${metadata}-${i}` }),
  },
  { path: "/ssh_certificate_authorities", key: "ssh_certificate_authorities", make: (emu, _i, metadata) => post(emu, "/ssh_certificate_authorities", { metadata }) },
  { path: "/vaults", key: "vaults", make: (emu, i, metadata) => post(emu, "/vaults", { name: `v${i}`, metadata }) },
  {
    path: "/vaults/{vault}/secrets",
    key: "secrets",
    setup: async (emu) => ({ vault: (await call(emu, "POST", "/vaults", { name: "keep" })).json.id }),
    make: (emu, i, metadata, ctx) => post(emu, "/vault_secrets", { vault_id: ctx["vault"], name: `s${i}`, value: "v", metadata }),
  },
];

/** Every item of a list read through `next_page_uri`, `limit` at a time. */
async function walk(emu: Emulator, path: string, key: string, filter: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let next: string | null = `${path}?limit=${limit}&filter=${encodeURIComponent(filter)}`;
  for (let pages = 0; next !== null; pages++) {
    if (pages > 20) throw new Error(`${path}: the walk does not end`);
    const a = await call(emu, "GET", next);
    if (a.status !== 200) throw new Error(`GET ${next}: ${a.status} ${a.text}`);
    const items = a.json[key] as { id: string }[];
    expect(items.length).toBeLessThanOrEqual(limit);
    ids.push(...items.map((x) => x.id));
    const uri = a.json.next_page_uri as string | null;
    next = uri === null ? null : uri.slice(emu.url.length);
  }
  return ids;
}

// Seven items three days apart (the clock stops at the last): those at 0, 3 and 5 match; the last
// three (4, 5, 6) are the last seven days'. The non-matching ones fall between matching ones.
const MATCHING = [0, 3, 5];

describe.each(CASES)("$path: a filtered list read page by page", (c) => {
  let emu: Emulator;
  let path: string;
  const made: string[] = [];

  beforeAll(async () => {
    const clock = new FakeClock({ start: Date.parse("2026-03-01T00:00:00Z") });
    emu = await startEmulator({ rateLimit: false, clock });
    const ctx = (await c.setup?.(emu)) ?? {};
    path = c.path.replace("{vault}", ctx["vault"] ?? "");
    for (let i = 0; i < 7; i++) {
      if (i > 0) clock.advance(3 * DAY);
      await c.make(emu, i, MATCHING.includes(i) ? "match" : "other", ctx);
    }
    const all = (await call(emu, "GET", path)).json[c.key] as { id: string }[];
    made.push(...all.map((x) => x.id));
  });
  afterAll(() => emu.close());

  const filter = c.filter ?? 'obj.metadata == "match"';
  const timeFilter = `obj.${c.timeField ?? "created_at"} > timestamp(time.now).subtract("7d")`;

  it.each([1, 2])(`every match of ${filter} at limit %i`, async (limit) => {
    expect(made.length).toBeGreaterThanOrEqual(7);
    const whole = await walk(emu, path, c.key, filter, 100);
    expect(whole).toHaveLength(3);
    expect(await walk(emu, path, c.key, filter, limit)).toEqual(whole);
  });

  it.each([1, 2])(`every match of ${timeFilter} at limit %i`, async (limit) => {
    const whole = await walk(emu, path, c.key, timeFilter, 100);
    expect(whole).toEqual(made.slice(0, 3));
    expect(await walk(emu, path, c.key, timeFilter, limit)).toEqual(whole);
  });
});

/**
 * Where ngrok's filtering guide (https://ngrok.com/docs/api/api-filtering, "Filterable resources and
 * fields" and its examples) and ngrok's OpenAPI description (https://github.com/ngrok/ngrok-openapi,
 * the filterable fields of each list) spell a field differently, a filter may use either.
 */
describe("a field spelled as the guide or as the OpenAPI description spells it", () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ rateLimit: false });
  });
  afterAll(() => emu.close());

  const ids = async (path: string, key: string, filter: string): Promise<string[]> => {
    const a = await call(emu, "GET", `${path}?filter=${encodeURIComponent(filter)}`);
    if (a.status !== 200) throw new Error(`${filter}: ${a.status} ${a.text}`);
    return (a.json[key] as { id: string }[]).map((x) => x.id);
  };

  it("endpoints: `binding` (the guide's table) and `bindings` (the guide's examples, the OpenAPI description)", async () => {
    const internal = (await call(emu, "POST", "/endpoints", { url: "https://spell.internal", traffic_policy: policy })).json.id;
    expect(await ids("/endpoints", "endpoints", '"internal" in obj.binding')).toEqual([internal]);
    expect(await ids("/endpoints", "endpoints", '"internal" in obj.bindings')).toEqual([internal]);
    expect(await ids("/endpoints", "endpoints", '"public" in obj.bindings')).toEqual([]);
  });

  it("IP policy rules: `ip_policy.id` (the guide's `ip_policy`) and `ip_policy_id` (the OpenAPI description)", async () => {
    const [a, b] = [(await call(emu, "POST", "/ip_policies", {})).json.id, (await call(emu, "POST", "/ip_policies", {})).json.id];
    const rule = (await call(emu, "POST", "/ip_policy_rules", { ip_policy_id: a, cidr: "10.1.0.0/16", action: "deny" })).json.id;
    await call(emu, "POST", "/ip_policy_rules", { ip_policy_id: b, cidr: "10.2.0.0/16", action: "deny" });
    expect(await ids("/ip_policy_rules", "ip_policy_rules", `obj.ip_policy.id == "${a}"`)).toEqual([rule]);
    expect(await ids("/ip_policy_rules", "ip_policy_rules", `obj.ip_policy_id == "${a}"`)).toEqual([rule]);
  });

  it("service users: `id` and `created_at` (the guide) and `name` (the OpenAPI description)", async () => {
    const ci = (await call(emu, "POST", "/service_users", { name: "ci-deployer" })).json.id;
    await call(emu, "POST", "/service_users", { name: "backup" });
    expect(await ids("/service_users", "service_users", 'obj.name == "ci-deployer"')).toEqual([ci]);
    expect(await ids("/service_users", "service_users", `obj.id == "${ci}"`)).toEqual([ci]);
  });

  it("IP policies: the guide's fields and `name` (the OpenAPI description), which an IP policy does not answer (null)", async () => {
    const p = (await call(emu, "POST", "/ip_policies", { description: "office" })).json.id;
    expect(await ids("/ip_policies", "ip_policies", 'obj.description == "office"')).toEqual([p]);
    expect(await ids("/ip_policies", "ip_policies", 'obj.name == "office"')).toEqual([]);
    expect(await ids("/ip_policies", "ip_policies", "obj.name == null")).toContain(p);
  });
});

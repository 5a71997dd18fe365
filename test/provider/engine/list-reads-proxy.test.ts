/**
 * A refresh through a plain HTTP proxy in front of the API costs what it costs without one. The
 * API reference's paging links (`next_page_uri`) are absolute: behind a proxy they name either
 * the address the client used (the emulator builds them from the request's `Forwarded`,
 * `X-Forwarded-Host` or `Host`) or the API's own address, which the provider follows by path and
 * query on its configured base URL. Requests are counted at the emulator, never timed.
 */
import { startEmulator, type Emulator } from "../../../emulator";
import { Provider, readSettings } from "../../../provider";
import { recordedEvents } from "../../support/provider";
import { startProxy, type Forwarding, type Proxy } from "../../support/proxy";

type Props = Record<string, unknown>;

const COUNT = 500;
let emu: Emulator;
let credentials: { id: string; outs: Props }[];

let config: Record<string, string> = {};
const providers: Provider[] = [];

function useSettings(baseUrl: string, extra: Record<string, string> = {}): void {
  config = { "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": baseUrl, "ngrok:rateLimit": "off", ...extra };
}

/** A fresh provider process's provider, with the settings of `useSettings`; `events` hears what it tells the user. */
function fresh(events = recordedEvents()): Provider {
  const provider = new Provider({ settings: readSettings((key) => config[key], {}), events });
  providers.push(provider);
  return provider;
}

/** Reads every credential at once through a fresh provider; returns the requests the emulator saw, and the lines it told. */
async function refresh(): Promise<{ requests: string[]; results: unknown[]; told: string[] }> {
  const events = recordedEvents();
  const provider = fresh(events);
  emu.clearRequests();
  const results = await Promise.all(credentials.map((c) => provider.read("Credential", c.id, c.outs)));
  return { requests: emu.requests.map((r) => `${r.method} ${r.path}${r.query}`), results, told: events.infos };
}

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  useSettings(emu.url);
  const provider = fresh();
  credentials = [];
  for (let i = 0; i < COUNT; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, COUNT - i) }, (_, j) => provider.create("Credential", { description: `agent ${i + j}` })),
    );
    credentials.push(...batch.map((c) => ({ id: c.id, outs: c.outs })));
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(providers.map((p) => p.close()));
  await emu.close();
});

describe("a refresh of 500 credentials (API reference: pagination, next_page_uri)", () => {
  let direct: { requests: string[]; results: unknown[]; told: string[] };
  beforeAll(async () => {
    useSettings(emu.url);
    direct = await refresh();
  }, 60_000);

  it("takes 5 list pages without a proxy", () => {
    expect(direct.requests).toHaveLength(5);
    expect(direct.requests.every((r) => r.startsWith("GET /credentials"))).toBe(true);
  });

  it.each<[Forwarding, string]>([
    ["forwarded", "sends Forwarded: host=..."],
    ["x-forwarded", "sends X-Forwarded-Host"],
    ["host", "passes the client's Host through"],
    ["none", "rewrites Host and says nothing (links name the emulator's own address)"],
  ])("takes the same requests through a proxy that %s (%s)", async (forwarding) => {
    const proxy: Proxy = await startProxy(emu.url, forwarding);
    try {
      useSettings(proxy.url);
      const through = await refresh();
      expect(through.requests).toEqual(direct.requests);
      expect(proxy.passed).toBe(direct.requests.length);
      // The same resources, and nothing to tell.
      expect(through.results).toEqual(direct.results);
      expect(through.told).toEqual([]);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});

describe("a list that fails mid-refresh", () => {
  it("falls back to one GET per resource and says so in one warning line", async () => {
    useSettings(emu.url, { "ngrok:maxRetries": "0" });
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "status-before", status: 503 });
    const events = recordedEvents();
    const subset = credentials.slice(0, 20);
    const provider = fresh(events);
    await Promise.all(subset.map((c) => provider.read("Credential", c.id, c.outs)));
    const warnings = events.infos;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^reading \/credentials from its list failed \(.*503.*\); reading its 20 remaining resources one GET each$/);
    expect(warnings[0]).not.toContain(emu.apiKey);
  });
});

/**
 * The API client against the emulator's fault injection: retries that succeed exactly once, no
 * repeated create after the service may have processed it, pacing, pagination, typed errors.
 */
import { FakeClock, startEmulator, type Emulator } from "../../../emulator";
import { ApiClient, ApiError, TransportError, type ClientOptions } from "../../../provider";
import type { AttemptEvent } from "../../../provider/client/http";
import { dispatch, configure } from "../../../provider";
import { call } from "../../support/api";
import * as http from "http";
import type { AddressInfo } from "net";

let emu: Emulator;
const clients: ApiClient[] = [];

beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});
beforeEach(() => emu.clearRequests());

/** A client with short backoffs, recording its attempts. */
function client(options: Partial<ClientOptions> = {}): { c: ApiClient; attempts: AttemptEvent[] } {
  const c = new ApiClient({ apiKey: emu.apiKey, baseUrl: emu.url, backoff: { baseMs: 20, maxMs: 200 }, ...options });
  const attempts: AttemptEvent[] = [];
  c.onAttempt = (e) => attempts.push(e);
  clients.push(c);
  return { c, attempts };
}

const creates = (path: string) => emu.requests.filter((r) => r.method === "POST" && r.path === path);

describe("retries", () => {
  it("retries a create refused with 429 and creates exactly one resource", async () => {
    const before = emu.resources("credentials").length;
    emu.scriptFault({ method: "POST", path: "/credentials", kind: "status-before", status: 429, times: 2 });
    const { c, attempts } = client();
    const created = await c.post<{ id: string }>("/credentials", { description: "after 429s" });
    expect(created.id).toMatch(/^cr_/);
    expect(attempts.map((a) => a.status)).toEqual([429, 429, 201]);
    expect(emu.resources("credentials")).toHaveLength(before + 1);
    expect(creates("/credentials").filter((r) => r.processed)).toHaveLength(1);
  });

  it("retries reads, updates and deletes answered with 503 and succeeds once", async () => {
    const { c, attempts } = client();
    const { id } = await c.post<{ id: string }>("/credentials", { description: "x" });
    emu.scriptFault({ method: "GET", path: `/credentials/${id}`, kind: "status-before", status: 503, times: 2 });
    emu.scriptFault({ method: "PATCH", path: `/credentials/${id}`, kind: "status-before", status: 503 });
    emu.scriptFault({ method: "DELETE", path: `/credentials/${id}`, kind: "status-before", status: 502 });
    expect((await c.get<{ id: string }>(`/credentials/${id}`)).id).toBe(id);
    expect((await c.patch<{ description: string }>(`/credentials/${id}`, { description: "y" })).description).toBe("y");
    await c.delete(`/credentials/${id}`);
    expect(attempts.map((a) => `${a.method} ${a.status}`)).toEqual([
      "POST 201",
      "GET 503",
      "GET 503",
      "GET 200",
      "PATCH 503",
      "PATCH 200",
      "DELETE 502",
      "DELETE 204",
    ]);
  });

  it("honours Retry-After", async () => {
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "status-before", status: 429, retryAfterSeconds: 1 });
    const { c, attempts } = client();
    await c.get("/credentials");
    expect(attempts[0]).toMatchObject({ status: 429, retryInMs: 1000 });
  });

  it("never repeats a create the service processed before failing (5xx after processing)", async () => {
    const before = emu.resources("credentials").length;
    emu.scriptFault({ method: "POST", path: "/credentials", kind: "status-after", status: 503 });
    const { c } = client();
    const err = await c.post("/credentials", { description: "lost response" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect(creates("/credentials")).toHaveLength(1);
    expect(emu.resources("credentials")).toHaveLength(before + 1);
  });

  it("never repeats a create whose connection was reset after sending; retries idempotent requests", async () => {
    const { c } = client();
    const before = emu.resources("credentials").length;
    emu.scriptFault({ method: "POST", path: "/credentials", kind: "reset-after" });
    const err = await c.post("/credentials", { description: "reset" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).mayHaveBeenProcessed).toBe(true);
    expect((err as Error).message).toContain("not repeated");
    expect(creates("/credentials")).toHaveLength(1);
    expect(emu.resources("credentials")).toHaveLength(before + 1);

    emu.scriptFault({ method: "GET", path: "/credentials", kind: "reset-before", times: 2 });
    await expect(c.get("/credentials")).resolves.toBeDefined();
    expect(emu.requests.filter((r) => r.method === "GET")).toHaveLength(3);
  });

  it("retries a create when the connection was refused (nothing was sent)", async () => {
    // A port with no listener: every attempt is refused; the create is retried and then fails.
    const closed = await startEmulator();
    const url = closed.url;
    await closed.close();
    const c = new ApiClient({ apiKey: "k", baseUrl: url, backoff: { baseMs: 5, maxRetries: 2 } });
    const attempts: AttemptEvent[] = [];
    c.onAttempt = (e) => attempts.push(e);
    clients.push(c);
    const err = await c.post("/credentials", {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "TransportError", code: "ECONNREFUSED", mayHaveBeenProcessed: false });
    expect(attempts.map((a) => a.error)).toEqual(["ECONNREFUSED", "ECONNREFUSED", "ECONNREFUSED"]);
  });

  it("does not retry client errors", async () => {
    const { c, attempts } = client();
    await expect(c.post("/credentials", { acl: ["nonsense"] })).rejects.toMatchObject({ status: 400, errorCode: "ERR_NGROK_600" });
    expect(attempts).toHaveLength(1);
  });

  it("through the provider: a Credential create survives 429s and 503s with one credential and its token", async () => {
    configure((k) => ({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url })[k]);
    const before = emu.resources("credentials").length;
    emu.scriptFault({ method: "POST", path: "/credentials", kind: "status-before", status: 429, times: 2 });
    const created = await dispatch("Credential").create({ description: "resilient" });
    emu.scriptFault({ method: "GET", path: `/credentials/${created.id}`, kind: "status-before", status: 503, times: 2 });
    const read = await dispatch("Credential").read(created.id, created.outs);
    expect(read.props.token).toBe(created.outs.token);
    expect(emu.resources("credentials")).toHaveLength(before + 1);
  });
});

describe("pacing", () => {
  it("keeps under the service's rolling-window limit instead of collecting 429s", async () => {
    // The client paces by the system clock, so the emulator's runs with it; the test skips ahead.
    const clock = new FakeClock({ running: true });
    const strict = await startEmulator({ rateLimit: { limit: 4, windowMs: 1000 }, clock });
    try {
      const paced = new ApiClient({ apiKey: strict.apiKey, baseUrl: strict.url, rateLimit: { limit: 4, windowMs: 1000 } });
      clients.push(paced);
      await Promise.all(Array.from({ length: 10 }, () => paced.get("/credentials")));
      expect(strict.requests.map((r) => r.status)).toEqual(Array(10).fill(200));

      // Without pacing the same burst, in a fresh window, is refused by the service (and then recovered by retries).
      strict.clearRequests();
      clock.advance(1000);
      const unpaced = new ApiClient({ apiKey: strict.apiKey, baseUrl: strict.url, rateLimit: false, backoff: { baseMs: 300, maxMs: 1500, maxRetries: 8 } });
      clients.push(unpaced);
      await Promise.all(Array.from({ length: 10 }, () => unpaced.get("/credentials")));
      expect(strict.requests.filter((r) => r.status === 429).length).toBeGreaterThan(0);
      expect(strict.requests.filter((r) => r.status === 200)).toHaveLength(10);
    } finally {
      await strict.close();
    }
  });
});

describe("lists", () => {
  it("follows next_page_uri across pages, newest first", async () => {
    const { c } = client();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await c.post<{ id: string }>("/reserved_domains", { domain: `page${i}.example.com` })).id);
    const seen: string[] = [];
    for await (const d of c.list<{ id: string }>("/reserved_domains?limit=2", "reserved_domains")) seen.push(d.id);
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
    expect(emu.requests.filter((r) => r.method === "GET" && r.path === "/reserved_domains")).toHaveLength(Math.ceil(seen.length / 2) + (seen.length % 2 === 0 ? 1 : 0));
  });

  it("never sends the API key to another origin: a link elsewhere (the API's own, behind a proxy) is followed on the base URL", async () => {
    const { c } = client();
    emu.clearRequests();
    // Nothing listens at 127.0.0.2:1: the request succeeds only if it went to the emulator.
    const page = await c.get<{ credentials: unknown[] }>("http://127.0.0.2:1/credentials?limit=1");
    expect(Array.isArray(page.credentials)).toBe(true);
    expect(emu.requests.map((r) => `${r.method} ${r.path}${r.query}`)).toEqual(["GET /credentials?limit=1"]);
  });
});

describe("paths", () => {
  /** The request targets a client sends for `paths` on `base` (a path appended to the server's address), as a server reads them. */
  async function sent(base: string, paths: string[]): Promise<string[]> {
    // A bare server rather than the emulator: it parses what it receives as a URL, as servers
    // do, so it would not show a dot segment or an encoding the client left in the request line.
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.url ?? "");
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const c = new ApiClient({ apiKey: "k", baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`, rateLimit: false });
    try {
      for (const path of paths) await c.get(path);
    } finally {
      await c.close();
      server.close();
    }
    return seen;
  }

  it.each([
    { base: "", prefix: "" },
    { base: "/v1", prefix: "/v1" },
    { base: "/v1/../api/", prefix: "/api" },
  ])("sends paths on the base URL $base as a URL normalises them", async ({ base, prefix }) => {
    const paths = {
      "/credentials/cr_1?limit=2&before_id=cr_0": "/credentials/cr_1?limit=2&before_id=cr_0",
      credentials: "/credentials",
      "/credentials?": "/credentials",
      "/credentials/./cr_1": "/credentials/cr_1",
      "/a/%2E%2e/credentials": "/credentials",
      "/a b/é": "/a%20b/%C3%A9",
      "/credentials#part": "/credentials",
      "http://127.0.0.2:1/credentials?limit=1": "/credentials?limit=1",
    };
    expect(await sent(base, Object.keys(paths))).toEqual(Object.values(paths).map((p) => prefix + p));
  });
});

describe("errors and configuration", () => {
  it("builds messages from the error body: status, code, message, operation id", async () => {
    const { c } = client();
    const err = (await c.get("/credentials/cr_2abcdefghijklmnopqrstuvwxyz").catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(404);
    expect(err.errorCode).toBeUndefined();
    expect(err.operationId).toMatch(/^op_/);
    expect(err.message).toBe(`HTTP 404: Resource not found (operation ${err.operationId})`);
  });

  it("fails the first operation without a key, naming both ways to set it, and never leaks the key", async () => {
    const saved = process.env.NGROK_API_KEY;
    delete process.env.NGROK_API_KEY;
    try {
      configure(() => undefined);
      await expect(dispatch("Credential").create({})).rejects.toThrow(/ngrok:apiKey.*NGROK_API_KEY/);
      // Check and diff need no key: preview works offline.
      expect((await dispatch("Credential").check({}, { acl: ["*"] })).failures).toEqual([]);

      const bad = new ApiClient({ apiKey: "secret-key-value", baseUrl: emu.url });
      clients.push(bad);
      const err = (await bad.get("/credentials").catch((e: unknown) => e)) as ApiError;
      expect(err.status).toBe(403);
      expect(JSON.stringify({ ...err, message: err.message, stack: err.stack })).not.toContain("secret-key-value");
    } finally {
      if (saved !== undefined) process.env.NGROK_API_KEY = saved;
    }
  });

  it("reads the environment when stack config is absent", async () => {
    const saved = { key: process.env.NGROK_API_KEY, url: process.env.NGROK_API_BASE_URL };
    process.env.NGROK_API_KEY = emu.apiKey;
    process.env.NGROK_API_BASE_URL = emu.url;
    try {
      configure(() => undefined);
      const created = await dispatch("Credential").create({ description: "from env" });
      expect((await call(emu, "GET", `/credentials/${created.id}`)).json.description).toBe("from env");
      await dispatch("Credential").delete(created.id);
    } finally {
      if (saved.key === undefined) delete process.env.NGROK_API_KEY;
      else process.env.NGROK_API_KEY = saved.key;
      if (saved.url === undefined) delete process.env.NGROK_API_BASE_URL;
      else process.env.NGROK_API_BASE_URL = saved.url;
    }
  });
});

/** Cloud endpoints: created, read, changed and deleted on /endpoints, listed with the agents' endpoints. */
import { startEmulator, type Emulator } from "../../../emulator";
import { call, expectError } from "../../support/api";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  for (const domain of ["app.example.com", "*.wild.example.com"]) expect((await call(emu, "POST", "/reserved_domains", { domain })).status).toBe(201);
});
afterAll(() => emu.close());

const forward = JSON.stringify({ on_http_request: [{ actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] }] });

describe("cloud endpoints", () => {
  it("stores the policy as sent, normalises the URL, and is listed and read with the agents' endpoints", async () => {
    const cred = (await call(emu, "POST", "/credentials", {})).json;
    emu.connectAgent({ credentialId: cred.id, os: "linux", agentVersion: "3.18.0", tunnels: [{ proto: "https", forwardsTo: "http://localhost:8080", hostname: "web.example.com" }] });
    const yaml = "on_http_request:\n  - actions:\n      - type: custom-response\n        config: {status_code: 200}\n";
    const made = await call(emu, "POST", "/endpoints", { url: "HTTPS://App.Example.com:443", type: "cloud", traffic_policy: yaml, description: "app" });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ id: expect.stringMatching(/^ep_/), type: "cloud", url: "https://app.example.com", traffic_policy: yaml, bindings: ["public"], domain: { id: expect.stringMatching(/^rd_/) } });

    const list = (await call(emu, "GET", "/endpoints")).json.endpoints as { id: string; type: string }[];
    expect(list.map((e) => e.type).sort()).toEqual(["cloud", "ephemeral"]);
    expect([...list].map((e) => e.id)).toEqual(list.map((e) => e.id).sort().reverse());
    const agentEndpoint = list.find((e) => e.type === "ephemeral")!;
    expect((await call(emu, "GET", `/endpoints/${agentEndpoint.id}`)).json).toEqual(agentEndpoint);
    expect((await call(emu, "GET", `/endpoints/${made.json.id}`)).json).toEqual(made.json);

    const patched = await call(emu, "PATCH", `/endpoints/${made.json.id}`, { traffic_policy: forward });
    expect(patched.json).toMatchObject({ traffic_policy: forward, description: "app" });
    expectError(await call(emu, "PATCH", `/endpoints/${made.json.id}`, {}), 400, "ERR_NGROK_18004");
    expectError(await call(emu, "PATCH", `/endpoints/${made.json.id}`, { url: "tls://app.example.com" }), 400, "ERR_NGROK_18005");
    expect((await call(emu, "DELETE", `/endpoints/${made.json.id}`)).status).toBe(204);
    expect((await call(emu, "GET", `/endpoints/${made.json.id}`)).status).toBe(404);
  });

  it("answers the API's error codes", async () => {
    const post = (body: Record<string, unknown>) => call(emu, "POST", "/endpoints", { type: "cloud", traffic_policy: forward, ...body });
    expectError(await post({ url: "https://unreserved.example.org" }), 400, "ERR_NGROK_18006");
    expectError(await post({ url: "ftp://app.example.com" }), 400, "ERR_NGROK_18001");
    expectError(await post({ url: "tcp://1.tcp.ngrok.io" }), 400, "ERR_NGROK_18003");
    expectError(await post({ url: "https://app.example.com", bindings: ["internal"] }), 400, "ERR_NGROK_18007");
    expectError(await post({ url: "https://app.example.com", traffic_policy: "on_http_request: [" }), 400, "ERR_NGROK_2236");
    expectError(await post({ url: "https://app.example.com", traffic_policy: "" }), 400, "ERR_NGROK_18011");
    const bad = (policy: unknown) => post({ url: "https://x.wild.example.com", traffic_policy: JSON.stringify(policy) });
    expectError(await bad({ on_http_request: [{ actions: [{ type: "add-headers", config: { headers: { "x-a": "b" } } }] }] }), 400, "ERR_NGROK_2235");
    expectError(await bad({ on_http_response: [{ actions: [{ type: "rate-limit" }] }] }), 400, "ERR_NGROK_2202");
    expectError(await bad({ on_http_request: [{ actions: [{ type: "teleport" }] }] }), 400, "ERR_NGROK_2201");
    expectError(await bad({ on_http_request: [{ actions: [{ type: "rate-limit" }] }] }), 400, "ERR_NGROK_2204");
    expectError(await call(emu, "POST", "/endpoints", { url: "https://api.internal", traffic_policy: JSON.stringify({ on_tcp_connect: [{ actions: [{ type: "deny" }] }] }) }), 400, "ERR_NGROK_2262");
    expect((await bad({ on_http_request: [{ actions: [{ type: "deny" }] }] })).status).toBe(201);
    expectError(await bad({ on_http_request: [{ actions: [{ type: "deny" }] }] }), 400, "ERR_NGROK_18009");
    expect(emu.resources("endpoints").filter((e) => (e as { type: string }).type === "cloud")).toHaveLength(1);
  });
});

describe("what ngrok's OpenAPI description adds to endpoints (https://github.com/ngrok/ngrok-openapi, EndpointsList and Endpoint)", () => {
  const deny = JSON.stringify({ on_tcp_connect: [{ actions: [{ type: "deny" }] }] });

  it("a TCP cloud endpoint carries tcp_addr, the reserved address it uses", async () => {
    const addr = (await call(emu, "POST", "/reserved_addrs", {})).json;
    const made = await call(emu, "POST", "/endpoints", { url: `tcp://${addr.addr}`, traffic_policy: deny });
    expect(made.status).toBe(201);
    expect(made.json.tcp_addr).toEqual({ id: addr.id, uri: addr.uri });
    expect((await call(emu, "GET", `/endpoints/${made.json.id}`)).json.tcp_addr).toEqual({ id: addr.id, uri: addr.uri });
    const https = (await call(emu, "POST", "/endpoints", { url: "https://tcpless.wild.example.com", traffic_policy: forward })).json;
    expect(https.tcp_addr).toBeUndefined();
    await call(emu, "DELETE", `/endpoints/${https.id}`);
    await call(emu, "DELETE", `/endpoints/${made.json.id}`);
  });

  it("the list's deprecated id and url parameters (arrays, \"Deprecated: use `filter` instead\") still narrow it, page by page", async () => {
    const made: { id: string; url: string }[] = [];
    for (const host of ["p1", "p2", "p3"]) made.push((await call(emu, "POST", "/endpoints", { url: `https://${host}.wild.example.com`, traffic_policy: forward })).json);
    const ids = async (query: string): Promise<string[]> => {
      const out: string[] = [];
      let next: string | null = `/endpoints?${query}`;
      while (next !== null) {
        const a = await call(emu, "GET", next);
        expect(a.status).toBe(200);
        out.push(...(a.json.endpoints as { id: string }[]).map((e) => e.id));
        next = a.json.next_page_uri === null ? null : (a.json.next_page_uri as string).slice(emu.url.length);
      }
      return out;
    };
    const [p1, p2, p3] = made as [{ id: string; url: string }, { id: string; url: string }, { id: string; url: string }];
    expect(await ids(`id=${p1.id}`)).toEqual([p1.id]);
    expect(await ids(`id=${p1.id}&id=${p3.id}&limit=1`)).toEqual([p3.id, p1.id]);
    expect(await ids(`id=${p1.id},${p2.id}`)).toEqual([p2.id, p1.id]);
    expect(await ids(`url=${encodeURIComponent(p2.url)}`)).toEqual([p2.id]);
    expect(await ids(`url=${encodeURIComponent(`${p3.url}/`)}&url=${encodeURIComponent(p1.url)}&limit=1`)).toEqual([p3.id, p1.id]);
    expect(await ids(`url=${encodeURIComponent(p3.url)}&id=${p1.id}`)).toEqual([]);
    expect(await ids(`id=${p1.id}&id=${p2.id}&id=${p3.id}&filter=${encodeURIComponent(`obj.url != "${p2.url}"`)}&limit=1`)).toEqual([p3.id, p1.id]);
    for (const e of made) await call(emu, "DELETE", `/endpoints/${e.id}`);
  });
});

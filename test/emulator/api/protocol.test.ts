/** The wire protocol every collection shares: auth, version, ids, errors, paging, PATCH. */
import { startEmulator, type Emulator } from "../../../emulator";
import { call, expectError, missingId, OPERATION_ID } from "../../support/api";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(() => emu.close());

describe("authentication and version", () => {
  it("answers 403 ERR_NGROK_200 without an Authorization header", async () => {
    const a = await call(emu, "GET", "/credentials", undefined, { bareHeaders: true, headers: { "ngrok-version": "2" } });
    expectError(a, 403, "ERR_NGROK_200");
  });

  it("answers 403 ERR_NGROK_202 for a malformed header and ERR_NGROK_203 for a wrong key", async () => {
    const malformed = await call(emu, "GET", "/credentials", undefined, { headers: { authorization: `Token ${emu.apiKey}` } });
    expectError(malformed, 403, "ERR_NGROK_202");
    const wrong = await call(emu, "GET", "/credentials", undefined, { headers: { authorization: "Bearer emu_wrong" } });
    expectError(wrong, 403, "ERR_NGROK_203");
  });

  it("requires the version header (ERR_NGROK_218) and version 2 (ERR_NGROK_217)", async () => {
    const missing = await call(emu, "GET", "/credentials", undefined, { bareHeaders: true, headers: { authorization: `Bearer ${emu.apiKey}` } });
    expectError(missing, 400, "ERR_NGROK_218");
    const v1 = await call(emu, "GET", "/credentials", undefined, { headers: { "ngrok-version": "1" } });
    expectError(v1, 400, "ERR_NGROK_217");
  });

  it("accepts the spec's Service-Version spelling too", async () => {
    const a = await call(emu, "GET", "/credentials", undefined, {
      bareHeaders: true,
      headers: { authorization: `Bearer ${emu.apiKey}`, "service-version": "2" },
    });
    expect(a.status).toBe(200);
  });

  it("uses a random emu_ key by default and the given one when set", async () => {
    expect(emu.apiKey).toMatch(/^emu_[0-9a-f]{32}$/);
    const own = await startEmulator({ apiKey: "my-key" });
    try {
      expect(own.apiKey).toBe("my-key");
      expect((await call(own, "GET", "/credentials")).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("responses", () => {
  it("carries Ngrok-Operation-Id on every answer, errors included", async () => {
    const ok = await call(emu, "GET", "/credentials");
    const bad = await call(emu, "GET", "/nope");
    expect(ok.headers["ngrok-operation-id"]).toMatch(OPERATION_ID);
    expect(bad.headers["ngrok-operation-id"]).toMatch(OPERATION_ID);
    expect(ok.headers["ngrok-operation-id"]).not.toBe(bad.headers["ngrok-operation-id"]);
  });

  it("issues prefixed, 27-char, time-sortable ids and RFC 3339 second timestamps", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const a = await call(emu, "POST", "/ip_policies", {});
      expect(a.status).toBe(201);
      expect(a.json.id).toMatch(/^ipp_[0-9A-Za-z]{27}$/);
      expect(a.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      ids.push(a.json.id);
    }
    // Created in order, many within the same millisecond: sorting must not reorder them.
    expect([...ids].sort()).toEqual(ids);
  });

  it("answers 404 without error_code for an unknown id and 400 ERR_NGROK_227 for a wrong or malformed id", async () => {
    const a = await call(emu, "GET", `/credentials/${missingId("cr")}`);
    expect(expectError(a, 404, undefined).msg).toBe("Resource not found");
    expectError(await call(emu, "GET", `/credentials/${missingId("rd")}`), 400, "ERR_NGROK_227");
    expectError(await call(emu, "GET", "/credentials/cr_notarealid"), 400, "ERR_NGROK_227");
    expectError(await call(emu, "DELETE", `/reserved_domains/${missingId("cr")}`), 400, "ERR_NGROK_227");
  });

  it("answers 404 for an unknown path and 405 for a wrong method", async () => {
    expectError(await call(emu, "GET", "/not_a_collection"), 404, undefined);
    expectError(await call(emu, "PUT", "/credentials"), 405, undefined);
    expect((await call(emu, "PATCH", "/certificate_authorities")).status).toBe(405);
    expect((await call(emu, "GET", "/credentials/%E0%A4%A")).status).toBe(404);
  });

  it("rejects bad JSON (213), a non-object body, unknown fields (214) and bad values (215)", async () => {
    const badJson = expectError(await call(emu, "POST", "/credentials", undefined, { rawBody: "{nope" }), 400, "ERR_NGROK_213");
    expect(badJson.msg).toMatch(/application\/json request body could not be parsed/);
    expectError(await call(emu, "POST", "/credentials", [1, 2]), 400, "ERR_NGROK_215");
    const unknown = expectError(await call(emu, "POST", "/credentials", { descripton: "typo" }), 400, "ERR_NGROK_214");
    expect(unknown.msg).toContain("descripton");
    const type = expectError(await call(emu, "POST", "/credentials", { description: 5 }), 400, "ERR_NGROK_215");
    expect(type.msg).toContain("description");
  });

  it("treats an empty POST body as {}", async () => {
    expect((await call(emu, "POST", "/ip_policies", undefined, { rawBody: "" })).status).toBe(201);
  });

  it("answers 204 with an empty body on delete, then 404", async () => {
    const created = await call(emu, "POST", "/ip_policies", { description: "bye" });
    const del = await call(emu, "DELETE", `/ip_policies/${created.json.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expect((await call(emu, "GET", `/ip_policies/${created.json.id}`)).status).toBe(404);
    expect((await call(emu, "DELETE", `/ip_policies/${created.json.id}`)).status).toBe(404);
  });
});

describe("lists", () => {
  let ids: string[];
  let fresh: Emulator;
  beforeAll(async () => {
    fresh = await startEmulator({ rateLimit: false });
    ids = [];
    for (let i = 0; i < 5; i++) ids.push((await call(fresh, "POST", "/credentials", { description: `c${i}` })).json.id);
  });
  afterAll(() => fresh.close());

  it("pages newest first with absolute next_page_uri, null on the last page", async () => {
    const first = await call(fresh, "GET", "/credentials?limit=2");
    expect(first.json.uri).toBe(`${fresh.url}/credentials`);
    expect(first.json.credentials.map((c: { id: string }) => c.id)).toEqual([ids[4], ids[3]]);
    expect(first.json.next_page_uri).toBe(`${fresh.url}/credentials?before_id=${ids[3]}&limit=2`);

    const second = await call(fresh, "GET", first.json.next_page_uri.slice(fresh.url.length));
    expect(second.json.credentials.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    const third = await call(fresh, "GET", second.json.next_page_uri.slice(fresh.url.length));
    expect(third.json.credentials.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect(third.json.next_page_uri).toBeNull();
  });

  it("defaults to 100 per page, every item with token null", async () => {
    const all = await call(fresh, "GET", "/credentials");
    expect(all.json.credentials).toHaveLength(5);
    expect(all.json.next_page_uri).toBeNull();
    for (const c of all.json.credentials) expect(c.token).toBeNull();
  });

  it("gives an exactly full last page a null next_page_uri", async () => {
    const a = await call(fresh, "GET", "/credentials?limit=5");
    expect(a.json.credentials).toHaveLength(5);
    expect(a.json.next_page_uri).toBeNull();
  });

  // The error reference's pages: 244 "must be a number between 1 and MAX", 233 "must be between 1 and MAX".
  it("rejects bad limits (ERR_NGROK_244 not a number, ERR_NGROK_233 out of range) and bad before_id", async () => {
    expectError(await call(fresh, "GET", "/credentials?limit=abc"), 400, "ERR_NGROK_244");
    expectError(await call(fresh, "GET", "/credentials?limit=-1"), 400, "ERR_NGROK_244");
    expectError(await call(fresh, "GET", "/credentials?limit=0"), 400, "ERR_NGROK_233");
    expectError(await call(fresh, "GET", "/credentials?limit=101"), 400, "ERR_NGROK_233");
    expectError(await call(fresh, "GET", `/credentials?before_id=${missingId("rd")}`), 400, "ERR_NGROK_227");
  });

  it("refuses a CEL filter on a list whose reference takes none, instead of ignoring it", async () => {
    expectError(await call(fresh, "GET", "/backends/failover?filter=true"), 400, "ERR_NGROK_250");
  });
});

describe("PATCH", () => {
  it("keeps omitted fields, treats null as omitted, clears with \"\", tolerates a matching id", async () => {
    const c = (await call(emu, "POST", "/credentials", { description: "d", metadata: "m", acl: ["bind:a.example.com"] })).json;
    const a = await call(emu, "PATCH", `/credentials/${c.id}`, { id: c.id, description: null, metadata: "" });
    expect(a.status).toBe(200);
    expect(a.json.description).toBe("d");
    expect("metadata" in a.json).toBe(false);
    expect(a.json.acl).toEqual(["bind:a.example.com"]);
    const mismatch = await call(emu, "PATCH", `/credentials/${c.id}`, { id: missingId("cr") });
    expectError(mismatch, 400, "ERR_NGROK_215");
  });

  it("changes nothing when the update fails validation", async () => {
    const c = (await call(emu, "POST", "/credentials", { description: "keep" })).json;
    const bad = await call(emu, "PATCH", `/credentials/${c.id}`, { description: "new", acl: ["frobnicate:x"] });
    expectError(bad, 400, "ERR_NGROK_600");
    expect((await call(emu, "GET", `/credentials/${c.id}`)).json.description).toBe("keep");
  });
});

describe("request log", () => {
  it("records every API request with status and operation id, and can be cleared", async () => {
    emu.clearRequests();
    const a = await call(emu, "GET", "/credentials?limit=1");
    await call(emu, "GET", `/credentials/${missingId("cr")}`);
    expect(emu.requests).toEqual([
      { method: "GET", path: "/credentials", query: "?limit=1", status: 200, operationId: a.headers["ngrok-operation-id"], processed: true, at: expect.any(Number) },
      expect.objectContaining({ method: "GET", status: 404, processed: true }),
    ]);
    emu.clearRequests();
    expect(emu.requests).toHaveLength(0);
  });
});

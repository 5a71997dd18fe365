/**
 * The emulator served over TLS at a production-like host name, as the acceptance run reaches it: a
 * certificate signed by a local CA kept in a directory, trusted by a client that is given the CA,
 * refused by one that is not, and the host name resolved to loopback by the connection's own
 * `lookup` (no /etc/hosts, no root). The AI Gateway API's listener serves the same certificate.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { Agent, request } from "undici";
import { startEmulator, type Emulator } from "../../../emulator";
import { localServerTls } from "../../../emulator/shared/local-ca";

const HOST = "api.ngrok.com";
const AI_HOST = "api.ngrok.ai";
let dir: string;
let emu: Emulator;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "emulator-ca-"));
  const tls = await localServerTls(dir, [HOST, AI_HOST]);
  emu = await startEmulator({ tls: { cert: tls.cert, key: tls.key } });
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** dns.lookup's contract: a list when asked for all addresses (Node's happy eyeballs ask). */
const toLoopback = (_host: string, opts: { all?: boolean }, cb: (err: Error | null, address: unknown, family?: number) => void) =>
  opts.all ? cb(null, [{ address: "127.0.0.1", family: 4 }]) : cb(null, "127.0.0.1", 4);

function get(ca: string | undefined): Promise<{ status: number; body: string }> {
  const port = new URL(emu.url).port;
  const dispatcher = new Agent({ connect: { ...(ca === undefined ? {} : { ca }), lookup: toLoopback as never } });
  return request(`https://${HOST}:${port}/vaults`, { dispatcher, headers: { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2" } }).then(async (r) => ({
    status: r.statusCode,
    body: await r.body.text(),
  }));
}

it("serves https at the host name to a client that trusts the local CA, and names that host in its URIs", async () => {
  expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const r = await get(fs.readFileSync(path.join(dir, "ca.pem"), "utf8"));
  expect(r.status).toBe(200);
  expect(JSON.parse(r.body).uri).toBe(`https://${HOST}:${new URL(emu.url).port}/vaults`);
});

it("serves the AI Gateway API over https too, on its own listener, at its own host name with the same CA", async () => {
  expect(emu.aiGatewayApi.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const port = new URL(emu.aiGatewayApi.url).port;
  const ca = fs.readFileSync(path.join(dir, "ca.pem"), "utf8");
  const dispatcher = new Agent({ connect: { ca, lookup: toLoopback as never } });
  const r = await request(`https://${AI_HOST}:${port}/providers`, { dispatcher, headers: { authorization: `Bearer ${emu.aiGatewayApi.apiKey}` } });
  expect([r.statusCode, (JSON.parse(await r.body.text()) as { uri: string }).uri]).toEqual([200, `https://${AI_HOST}:${port}/providers`]);
  const untrusted = new Agent({ connect: { lookup: toLoopback as never } });
  await expect(request(`https://${AI_HOST}:${port}/providers`, { dispatcher: untrusted })).rejects.toThrow(/self[- ]signed|unable to (?:get|verify)/i);
});

it("is refused by a client that does not trust the CA", async () => {
  await expect(get(undefined)).rejects.toThrow(/self[- ]signed|unable to (?:get|verify)/i);
});

it("keeps its CA across restarts, so that a client trusts it once", async () => {
  const before = fs.readFileSync(path.join(dir, "ca.pem"), "utf8");
  const again = await localServerTls(dir, [HOST]);
  expect(fs.readFileSync(again.caPath, "utf8")).toBe(before);
  const other = await startEmulator({ tls: { cert: again.cert, key: again.key } });
  try {
    const port = new URL(other.url).port;
    const dispatcher = new Agent({ connect: { ca: before, lookup: toLoopback as never } });
    const r = await request(`https://${HOST}:${port}/vaults`, { dispatcher, headers: { authorization: `Bearer ${other.apiKey}`, "ngrok-version": "2" } });
    await r.body.text();
    expect(r.statusCode).toBe(200);
  } finally {
    await other.close();
  }
});

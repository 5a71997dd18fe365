/**
 * Failures below HTTP in words, against the emulator's faults and loopback sockets that refuse,
 * hang or fail the TLS handshake: each kind's one-line message says what went wrong, what became
 * of the request and what the next `pulumi up` does, and names no library code.
 */
import * as https from "https";
import * as net from "net";
import type { AddressInfo } from "net";
import { FakeClock, startEmulator, type Emulator } from "../../../emulator";
import { ApiClient, TransportError, type ClientOptions } from "../../../provider";
import { selfSignedPem } from "../../support/certs";
import { providerFor, recordedEvents } from "../../support/provider";

let emu: Emulator;
/** Its clock never moves: a latency fault holds a request until the emulator closes. */
let held: Emulator;
let tls: https.Server;
let tlsUrl: string;
/** Closes each connection (a FIN, not a reset) once a request arrives on it, answering nothing. */
let closer: net.Server;
let closerUrl: string;
let closedUrl: string;
const clients: ApiClient[] = [];

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  held = await startEmulator({ rateLimit: false, clock: new FakeClock() });
  const closed = await startEmulator();
  closedUrl = closed.url;
  await closed.close();
  const pem = await selfSignedPem("localhost");
  tls = https.createServer({ cert: pem.certificatePem, key: pem.privateKeyPem }, (_req, res) => res.end("{}"));
  await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
  tlsUrl = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
  closer = net.createServer((socket) => socket.once("data", () => socket.end()));
  await new Promise<void>((resolve) => closer.listen(0, "127.0.0.1", resolve));
  closerUrl = `http://127.0.0.1:${(closer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
  await held.close();
  await new Promise((resolve) => tls.close(resolve));
  await new Promise((resolve) => closer.close(resolve));
});

function client(baseUrl: string, options: Partial<ClientOptions> = {}): ApiClient {
  const c = new ApiClient({ apiKey: emu.apiKey, baseUrl, rateLimit: false, backoff: { baseMs: 5, maxMs: 20, maxRetries: 1 }, ...options });
  clients.push(c);
  return c;
}

const hostOf = (url: string) => new URL(url).host;
const notSent = (times: number) =>
  `the request was not sent${times > 1 ? ` (tried ${times} times)` : ""}, so the service did nothing; the next \`pulumi up\` sends it again`;
const sentRepeatable = (times: number) =>
  `the request was sent${times > 1 ? ` ${times} times` : ""} and the service may have processed it; repeating it is harmless, and the next \`pulumi up\` sends it again`;
const sentNotRepeated = "the request was sent and the service may have processed it; it was not repeated, since a repeat could make a duplicate";

interface Case {
  name: string;
  method: "GET" | "POST" | "DELETE";
  /** Sets up the failure; the base URL to send to. */
  arrange: () => string;
  options?: Partial<ClientOptions>;
  /** The message, given the base URL. */
  message: (url: string) => string;
  /** How many attempts the emulator received (the request was sent), when it is the emulator. */
  received?: number;
}

const cases: Case[] = [
  {
    name: "a connection reset during a create",
    method: "POST",
    arrange: () => (emu.scriptFault({ method: "POST", path: "/credentials", kind: "reset-after" }), emu.url),
    message: (url) => `POST /credentials failed: the connection to ${hostOf(url)} was dropped before an answer came; ${sentNotRepeated}`,
    received: 1,
  },
  {
    name: "a connection the server closed without answering a create",
    method: "POST",
    arrange: () => closerUrl,
    message: (url) => `POST /credentials failed: the connection to ${hostOf(url)} was dropped before an answer came; ${sentNotRepeated}`,
  },
  {
    name: "a connection dropped on every try of a read",
    method: "GET",
    arrange: () => (emu.scriptFault({ method: "GET", path: "/credentials", kind: "reset-before", times: 2 }), emu.url),
    message: (url) => `GET /credentials failed: the connection to ${hostOf(url)} was dropped before an answer came; ${sentRepeatable(2)}`,
    received: 2,
  },
  {
    name: "no answer within the timeout, to a create",
    method: "POST",
    arrange: () => (held.scriptFault({ kind: "latency", delayMs: 3_600_000 }), held.url),
    options: { timeoutMs: 200 },
    message: (url) => `POST /credentials failed: no answer came from ${hostOf(url)} within 0.2 s; ${sentNotRepeated}`,
  },
  {
    name: "no answer within the timeout, to a delete",
    method: "DELETE",
    arrange: () => (held.scriptFault({ kind: "latency", delayMs: 3_600_000, times: 2 }), held.url),
    options: { timeoutMs: 200 },
    message: (url) => `DELETE /credentials failed: no answer came from ${hostOf(url)} within 0.2 s; ${sentRepeatable(2)}`,
  },
  {
    name: "a refused connection",
    method: "POST",
    arrange: () => closedUrl,
    message: (url) => `POST /credentials failed: the connection to ${hostOf(url)} was refused (nothing is listening there); ${notSent(2)}`,
  },
  {
    name: "a name that DNS cannot find",
    method: "POST",
    arrange: () => "http://api.ngrok.invalid",
    options: { backoff: { baseMs: 5, maxMs: 20, maxRetries: 0 } },
    message: () => `POST /credentials failed: the name api.ngrok.invalid could not be looked up (DNS); ${notSent(1)}`,
  },
  {
    name: "a TLS certificate that is not trusted",
    method: "POST",
    arrange: () => tlsUrl,
    message: (url) =>
      `POST /credentials failed: the secure connection to ${hostOf(url)} failed: its TLS certificate is not trusted (expired, self-signed, or issued for another name); ${notSent(1)}`,
  },
  {
    name: "a TLS handshake with a server that does not speak TLS",
    method: "POST",
    arrange: () => emu.url.replace(/^http:/, "https:"),
    message: (url) =>
      `POST /credentials failed: the secure connection to ${hostOf(url)} could not be set up (the server does not speak TLS, or shares no TLS version with this client); ${notSent(1)}`,
    received: 0,
  },
];

/** Anything that looks like a library's or the system's error code. */
const codeName = /\b(?:UND_ERR_\w+|E[A-Z]{3,}|ERR_[A-Z_]+|[A-Z]+(?:_[A-Z]+){2,})\b/g;

it.each(cases.map((c) => [c.name, c] as const))("%s: one line in words", async (_name, c) => {
  emu.clearRequests();
  const url = c.arrange();
  const c_ = client(url, c.options);
  const sent = c.method === "POST" ? c_.post("/credentials", { description: "words" }) : c.method === "GET" ? c_.get("/credentials") : c_.delete("/credentials");
  const err = (await sent.catch((e: unknown) => e)) as TransportError;
  expect(err).toBeInstanceOf(TransportError);
  expect({ message: err.message, codeNames: err.message.match(codeName) ?? [], lines: err.message.split("\n").length }).toEqual({
    message: c.message(url),
    codeNames: [],
    lines: 1,
  });
  if (c.received !== undefined) expect(emu.requests).toHaveLength(c.received);
});

describe("through the provider", () => {
  const host = () => hostOf(emu.url);
  const dropped = () => `the connection to ${host()} was dropped before an answer came`;

  it("a create whose connection dropped says the request may have been processed, what the provider found, and what the next `up` does", async () => {
    const provider = providerFor(emu, { "ngrok:maxRetries": "1" }, { emulator: { rateLimit: false } });
    try {
      const before = emu.resources("credentials").length;
      emu.scriptFault({ method: "POST", path: "/credentials", kind: "reset-before" });
      const err = (await provider.create("Credential", { description: "dropped" }).catch((e: unknown) => e)) as Error;
      expect(err.message).toBe(
        `POST /credentials failed: ${dropped()}; ${sentNotRepeated}. The service did not create the Credential (none made since the request matches it): the next \`up\` creates it`,
      );
      expect(emu.resources("credentials")).toHaveLength(before);
    } finally {
      await provider.close();
    }
  });

  it("a lookup for a lost create that fails on a dropped connection says so in words", async () => {
    const provider = providerFor(emu, { "ngrok:maxRetries": "1" }, { emulator: { rateLimit: false } });
    try {
      const before = emu.resources("credentials").length;
      emu.scriptFault({ method: "POST", path: "/credentials", kind: "reset-after" });
      emu.scriptFault({ method: "GET", path: "/credentials", kind: "reset-before", times: 2 });
      const err = (await provider.create("Credential", { description: "lookup dropped" }).catch((e: unknown) => e)) as Error;
      expect(err.message).toMatch(
        new RegExp(`^POST /credentials failed: .*; it was not repeated, since a repeat could make a duplicate\\. The service may have created the Credential, and looking for it failed \\(${escape(dropped())}\\): look for a Credential created at \\S+ and add`),
      );
      expect(err.message.match(codeName) ?? []).toEqual([]);
      for (const r of emu.resources("credentials").slice(before) as { id: string }[]) await provider.delete("Credential", r.id, {});
    } finally {
      await provider.close();
    }
  });

  it("a retry after a dropped connection is a debug line in words", async () => {
    const events = recordedEvents();
    const provider = providerFor(emu, {}, { emulator: { rateLimit: false }, events });
    try {
      const created = await provider.create("IpPolicy", { description: "retried" });
      emu.scriptFault({ method: "GET", path: `/ip_policies/${created.id}`, kind: "reset-before" });
      await provider.read("IpPolicy", created.id, created.outs);
      expect(events.debugs).toEqual([expect.stringMatching(new RegExp(`^ngrok: GET /ip_policies/${created.id} failed \\(${escape(dropped())}\\); retrying in [0-9.]+ s$`))]);
      await provider.delete("IpPolicy", created.id, created.outs);
    } finally {
      await provider.close();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The gateway's own listeners, over loopback: its TLS listener runs an endpoint's on_tcp_connect
 * before the handshake, and terminate-tls (https://ngrok.com/docs/traffic-policy/actions/terminate-tls/)
 * shapes the real handshake (versions, a custom certificate, mutual TLS), whose facts the policy
 * reads as `conn.tls.*`. Internal endpoints answer only through forward-internal, and a policy's
 * `secrets.get` (what `ngrok.secretRef` writes) reads the emulator's vaults.
 */
import { request as httpsRequest } from "node:https";
import type { PeerCertificate } from "node:tls";
import { request } from "undici";
import { startEmulator, type Emulator } from "../../../emulator";
import { secretRef } from "../../../provider/secret-ref";
import { makeCertificate, type Issued } from "../../support/certs";
import { send } from "./support";

let emu: Emulator;
let clientCa: Issued;
let client: Issued;
let stranger: Issued;
let serverCa: Issued;
let custom: Issued;

interface TlsAnswer {
  status: number;
  body: string;
  peer: PeerCertificate;
}

/** One HTTPS request to the gateway's TLS listener, with `servername` as SNI and Host. */
function tlsGet(servername: string, path: string, options: { ca?: string; cert?: Issued; maxVersion?: "TLSv1.2" | "TLSv1.3"; minVersion?: "TLSv1.2" | "TLSv1.3" } = {}): Promise<TlsAnswer> {
  const base = new URL(emu.gateway!.tlsUrl);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: base.hostname,
        port: base.port,
        path,
        servername,
        headers: { host: servername },
        agent: false,
        ca: options.ca ?? emu.gateway!.caPem,
        ...(options.cert ? { cert: options.cert.certificatePem, key: options.cert.privateKeyPem } : {}),
        ...(options.maxVersion ? { maxVersion: options.maxVersion } : {}),
        ...(options.minVersion ? { minVersion: options.minVersion } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        const peer = (res.socket as import("node:tls").TLSSocket).getPeerCertificate();
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), peer }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const api = async (method: string, path: string, body?: object): Promise<Record<string, unknown>> => {
  // A fresh connection each time: a pooled socket the emulator has just closed as idle fails a POST.
  const res = await request(`${emu.url}${path}`, {
    method: method as "GET",
    headers: { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2", "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
    reset: true,
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
  return text === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
};

const indent = (pem: string, spaces: number): string => pem.trim().split("\n").join(`\n${" ".repeat(spaces)}`);

async function cloudEndpoint(host: string, policy: string): Promise<void> {
  await api("POST", "/reserved_domains", { domain: host });
  await api("POST", "/endpoints", { type: "cloud", url: `https://${host}`, traffic_policy: policy });
}

const echoTls = `
on_http_request:
  - actions:
      - type: custom-response
        config:
          body: "\${conn.tls.version} \${conn.tls.cipher_suite} \${conn.tls.sni}"
`;

beforeAll(async () => {
  emu = await startEmulator({ gateway: true });
  clientCa = await makeCertificate({ name: "CN=ExampleCA", ca: true });
  client = await makeCertificate({ name: "CN=ExampleClient", issuer: clientCa });
  const strangerCa = await makeCertificate({ name: "CN=OtherCA", ca: true });
  stranger = await makeCertificate({ name: "CN=Stranger", issuer: strangerCa });
  serverCa = await makeCertificate({ name: "CN=ServerCA", ca: true });
  custom = await makeCertificate({ name: "CN=custom.example.com", issuer: serverCa, dnsNames: ["custom.example.com"] });

  await cloudEndpoint("plain.example.com", echoTls);
  // https://ngrok.com/docs/traffic-policy/actions/terminate-tls/#minimum-and-maximum-tls-versions
  await cloudEndpoint("tls13.example.com", `on_tcp_connect:\n  - actions:\n      - type: terminate-tls\n        config:\n          min_version: '1.3'\n          max_version: '1.3'\n${echoTls}`);
  // https://ngrok.com/docs/traffic-policy/actions/terminate-tls/#enabling-mutual-tls
  await cloudEndpoint(
    "mtls.example.com",
    `on_tcp_connect:
  - actions:
      - type: terminate-tls
        config:
          mutual_tls_certificate_authorities:
            - |-
              ${indent(clientCa.certificatePem, 14)}
on_http_request:
  - expressions: ["conn.tls.client.subject.common_name == 'ExampleClient'"]
    actions:
      - type: custom-response
        config: { body: "hello \${conn.tls.client.subject.common_name} via \${actions.ngrok.terminate_tls.version}" }
  - actions:
      - type: deny
`,
  );
  // https://ngrok.com/docs/traffic-policy/actions/terminate-tls/#using-a-custom-certificate
  await cloudEndpoint(
    "custom.example.com",
    `on_tcp_connect:
  - actions:
      - type: terminate-tls
        config:
          server_private_key: |-
            ${indent(custom.privateKeyPem, 12)}
          server_certificate: |-
            ${indent(custom.certificatePem, 12)}
${echoTls}`,
  );
  await cloudEndpoint("logged.example.com", `on_tcp_connect:\n  - actions:\n      - type: log\n        config: { metadata: { at: connect } }\n${echoTls}`);
  await cloudEndpoint("closed.example.com", `on_tcp_connect:\n  - actions:\n      - type: close-connection\n${echoTls}`);
});

afterAll(async () => {
  await emu.close();
});

describe("terminate-tls on the gateway's TLS listener", () => {
  const cases: Array<[string, () => Promise<void>]> = [
    [
      "an endpoint without terminate-tls is served TLS with a certificate of the emulator's CA; conn.tls.* are the handshake's",
      async () => {
        const r = await tlsGet("plain.example.com", "/");
        expect([r.status, r.body, r.peer.subject.CN]).toEqual([200, "1.3 TLS_AES_256_GCM_SHA384 plain.example.com", "plain.example.com"]);
        const v12 = await tlsGet("plain.example.com", "/", { maxVersion: "TLSv1.2" });
        expect(v12.body).toMatch(/^1\.2 TLS_ECDHE_ECDSA_WITH_\w+ plain\.example\.com$/);
      },
    ],
    [
      "min_version and max_version 1.3: a TLS 1.3 client is served; a client limited to 1.2 fails the handshake",
      async () => {
        expect((await tlsGet("tls13.example.com", "/")).body).toBe("1.3 TLS_AES_256_GCM_SHA384 tls13.example.com");
        await expect(tlsGet("tls13.example.com", "/", { maxVersion: "TLSv1.2" })).rejects.toThrow(/protocol version|unsupported protocol|ECONNRESET|socket hang up/i);
      },
    ],
    [
      "mutual TLS: a client certificate of the trusted CA is let in and read as conn.tls.client.*; none, or one of another CA, is refused",
      async () => {
        const ok = await tlsGet("mtls.example.com", "/", { cert: client });
        expect([ok.status, ok.body]).toEqual([200, "hello ExampleClient via 1.3"]);
        await expect(tlsGet("mtls.example.com", "/")).rejects.toThrow(/certificate|ECONNRESET|socket hang up/i);
        await expect(tlsGet("mtls.example.com", "/", { cert: stranger })).rejects.toThrow(/certificate|unknown ca|ECONNRESET|socket hang up/i);
      },
    ],
    [
      "a custom certificate: the client sees it, and trusts it through its own CA",
      async () => {
        const r = await tlsGet("custom.example.com", "/", { ca: serverCa.certificatePem });
        expect([r.status, r.peer.subject.CN, r.peer.issuer.CN]).toEqual([200, "custom.example.com", "ServerCA"]);
      },
    ],
    [
      "on_tcp_connect runs before the handshake: close-connection there ends the connection with no TLS",
      async () => {
        await expect(tlsGet("closed.example.com", "/")).rejects.toThrow(/ECONNRESET|socket hang up|disconnected/i);
      },
    ],
    [
      "on_tcp_connect runs once per connection, not again for its requests",
      async () => {
        const before = emu.gateway!.logs.length;
        await tlsGet("logged.example.com", "/");
        expect(emu.gateway!.logs.slice(before)).toEqual([{ endpoint: "https://logged.example.com", phase: "on_tcp_connect", rule: "#0", metadata: { at: "connect" } }]);
      },
    ],
    [
      "a server name no endpoint has gets no handshake",
      async () => {
        await expect(tlsGet("nobody.example.com", "/")).rejects.toThrow(/ECONNRESET|socket hang up|disconnected/i);
      },
    ],
  ];
  it.each(cases)("%s", async (_name, body) => body());
});

describe("internal endpoints", () => {
  it("answer only through forward-internal: called directly by Host they are offline, as an unknown endpoint is", async () => {
    await api("POST", "/endpoints", {
      type: "cloud",
      url: "https://api.internal",
      bindings: ["internal"],
      traffic_policy: "on_http_request:\n  - actions:\n      - type: custom-response\n        config: { body: internal }\n",
    });
    await cloudEndpoint("front.example.com", "on_http_request:\n  - actions:\n      - type: forward-internal\n        config: { url: https://api.internal }\n");
    const through = await send(emu.gateway!.url, "front.example.com", "/");
    const direct = await send(emu.gateway!.url, "api.internal", "/");
    expect([through.status, through.body]).toEqual([200, "internal"]);
    expect([direct.status, direct.body]).toEqual([404, "ERR_NGROK_3200: The endpoint api.internal is offline.\n"]);
  });
});

describe("secrets.get through the gateway", () => {
  it("a policy using ngrok.secretRef sends the vault's value upstream, and its rotated value after an update", async () => {
    const vault = await api("POST", "/vaults", { name: "app-secrets" });
    const secret = await api("POST", "/vault_secrets", { vault_id: vault["id"], name: "upstream-token", value: "s3cret-1" });
    emu.gateway!.registerUpstream("https://backend.internal", (req) => ({ status: 200, body: `upstream saw ${req.headers["x-upstream-token"]?.[0] ?? "nothing"}` }));
    const policy = {
      on_http_request: [
        { actions: [{ type: "add-headers", config: { headers: { "x-upstream-token": secretRef("app-secrets", "upstream-token") } } }] },
        { actions: [{ type: "forward-internal", config: { url: "https://backend.internal" } }] },
      ],
    };
    await cloudEndpoint("secret.example.com", JSON.stringify(policy));
    const first = await send(emu.gateway!.url, "secret.example.com", "/");
    await api("PATCH", `/vault_secrets/${String(secret["id"])}`, { value: "s3cret-2" });
    const rotated = await send(emu.gateway!.url, "secret.example.com", "/");
    expect([first.status, first.body, rotated.body]).toEqual([200, "upstream saw s3cret-1", "upstream saw s3cret-2"]);
  });
});

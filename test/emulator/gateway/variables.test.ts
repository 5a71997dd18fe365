/**
 * Every variable on ngrok's variables pages (https://ngrok.com/docs/traffic-policy/variables/),
 * each with the example expression its page shows, evaluated by testPolicy on a request that
 * carries what the example expects: what loopback cannot carry (client address, TLS,
 * geolocation, IP intelligence) comes as request options, time from a fake clock.
 */
import { webcrypto } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeClock } from "../../../clock";
import { startEmulator, testPolicy, type Emulator, type PolicyRequest, type PolicyTestOptions, type UpstreamResponse } from "../../../emulator";
import { peculiarX509 } from "../../../emulator/shared/x509";
import { send } from "./support";

const SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_6) AppleWebKit/603.3.8 (KHTML, like Gecko) Version/10.1.2 Safari/603.3.8";
const ANDROID = "Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.5 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +https://www.google.com/bot.html)";

const NOW = Date.parse("2026-03-01T12:00:00Z");

/** Certificates as the conn.tls examples describe them, made in beforeAll. */
const certs: Record<"client" | "server" | "letsEncrypt", string> = { client: "", server: "", letsEncrypt: "" };

async function certificate(o: { subject: string; issuer: string; serial: string; from: string; to: string; sans: Array<{ type: "dns" | "ip" | "email" | "url"; value: string }> }): Promise<string> {
  const x509 = peculiarX509();
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const alg = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ["sign", "verify"])) as webcrypto.CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: o.serial,
    subject: o.subject,
    issuer: o.issuer,
    notBefore: new Date(o.from),
    notAfter: new Date(o.to),
    signingAlgorithm: alg,
    publicKey: keys.publicKey,
    signingKey: keys.privateKey,
    extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true), new x509.SubjectAlternativeNameExtension(o.sans)],
  });
  return cert.toString("pem");
}

const CA_NAME = "C=US, ST=California, L=Mountain View, 2.5.4.9=1234 Encryption Way, 2.5.4.17=94043, O=Example CA, OU=Certification Authority Division, CN=exampleca.com";

beforeAll(async () => {
  const sans = [
    { type: "dns" as const, value: "www.example.com" },
    { type: "dns" as const, value: "example.com" },
    { type: "ip" as const, value: "192.168.1.1" },
    { type: "email" as const, value: "ngrok-email1@example.com" },
    { type: "email" as const, value: "ngrok-email2@example.com" },
    { type: "url" as const, value: "https://example.com/example" },
  ];
  certs.client = await certificate({
    subject: "C=US, ST=California, L=Mountain View, 2.5.4.9=1234 Secure Blvd, 2.5.4.17=94043, O=Example Corp, OU=Web Services, CN=www.example.com",
    issuer: CA_NAME,
    serial: "b53017e79d4a5208b314a55d3574e0a8",
    from: "2020-01-01T00:00:00Z",
    to: "2023-01-01T00:00:00Z",
    sans,
  });
  certs.server = await certificate({
    subject: "C=US, ST=California, L=Mountain View, 2.5.4.9=1234 Secure Blvd, 2.5.4.17=94043, O=Example Corp, OU=Web Services, CN=ngrok-server.example.com",
    issuer: CA_NAME,
    serial: "b53017e79d4a5208b314a55d3574e0a8",
    from: "2019-01-01T00:00:00Z",
    to: "2030-01-01T00:00:00Z",
    sans: [{ type: "dns", value: "ngrok-dns.com" }, { type: "dns", value: "ngrok-dns2.com" }, ...sans.slice(2)],
  });
  // The string forms' examples: a certificate named only CN=www.example.com, from Let's Encrypt.
  certs.letsEncrypt = await certificate({ subject: "CN=www.example.com", issuer: "C=US, O=Let's Encrypt, CN=E1", serial: "01", from: "2020-01-01T00:00:00Z", to: "2030-01-01T00:00:00Z", sans: sans.slice(0, 3) });
}, 60_000);

/** The request every row starts from: what the examples expect, where they agree. */
function baseRequest(): PolicyRequest {
  return {
    method: "POST",
    url: "https://user:password@nba.com/api/players?number=23&name=jordan&foo=bar",
    headers: {
      "User-Agent": SAFARI,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Encoding": "br",
      Cookie: "sessionId=zzz; theme=dark",
      Baz: "Fizz",
      Location: "/index.html",
      Host: "nba.com",
    },
    body: "x".repeat(1001),
    trailers: { Baz: "Fizz" },
    httpVersion: "HTTP/2.0",
    clientIp: "127.0.0.1",
    clientPort: 80,
    serverIp: "192.168.1.1",
    serverRegion: "eu",
    geo: { city: "Strongsville", country: "United States", country_code: "CA", latitude: 45.5, longitude: -93.5, radius: 5, subdivision: "California" },
    clientIpIntel: IP_INTEL,
    serverIpIntel: IP_INTEL,
    tls: { version: "1.3", cipherSuite: "TLS_AES_128_GCM_SHA256", sni: "client.example.com", negotiatedAlpn: "h2", ja4Fingerprint: "t13d1717h2_5b57614c22b0_f0fc7018f8e8", sessionResumed: false, clientCertificate: certs.client, serverCertificate: certs.server },
    k8sPod: {
      id: "4b2c1a0e-7f3d-11ee-b962-0242ac120002",
      metadata: { name: "worker-a", namespace: "default", annotations: { "k8s.ngrok.com/environment": "production" }, error_code: "", error_message: "pod not ready" },
    },
  };
}

const LOCATION = { city: "Strongsville", continent: "North America", country: "United States", country_code: "CA", is_eu: true, metro_code: "510", subdivision: "California", timezone: "America/New_York" };
const IP_INTEL: NonNullable<PolicyRequest["clientIpIntel"]> = {
  categories: ["proxy.anonymous.tor"],
  is_on_blocklist: true,
  is_tor_node: true,
  as: { number: 12345, organization: "COMCAST-7922" },
  geo: { location: { ...LOCATION, latitude: "45.1", longitude: "-93.2", postal_code: "94324", radius: "5" }, registered_location: LOCATION },
};

const UPSTREAM: UpstreamResponse = {
  status: 302,
  headers: {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Encoding": "br",
    Location: "/index.html",
    Baz: "Fizz",
    "Set-Cookie": ["sessionId=zzz; Domain=nba.com; Path=/; Expires=Wed, 01 Jan 2031 00:00:00 GMT; Max-Age=172800; Secure; HttpOnly; SameSite=Lax; Priority=High"],
  },
  body: "y".repeat(2000),
};

const options = (): PolicyTestOptions => ({ endpoint: { url: "https://my-subdomain.ngrok.app", id: "ep_2iL8LRbQilSCKYjaslRoqBwJcfT" }, upstream: () => UPSTREAM, clock: new FakeClock({ start: NOW }) });

type Phase = "request" | "response";
/** [variable, the page's example expression (corrected where noted), what it evaluates to, request changes, phase]. */
type Row = [variable: string, expression: string, expected: unknown, change?: Partial<PolicyRequest>, phase?: Phase];

async function evaluate(expression: string, change: Partial<PolicyRequest> = {}, phase: Phase = "request"): Promise<unknown> {
  const setVars = { actions: [{ type: "set-vars", config: { vars: [{ v: `\${${expression}}` }] } }] };
  const policy = phase === "response" ? { on_http_response: [setVars] } : { on_http_request: [setVars, { actions: [{ type: "custom-response", config: { status_code: 200 } }] }] };
  const r = await testPolicy(policy, { ...baseRequest(), ...change }, options());
  if (r.failure !== undefined) throw new Error(`${expression}: ${r.failure.message}`);
  return r.vars[phase === "response" ? "on_http_response" : "on_http_request"]?.["v"];
}

const tlsWith = (cert: "client" | "server", pem: () => string) => ({ get tls() {
  return { ...baseRequest().tls, [cert === "client" ? "clientCertificate" : "serverCertificate"]: pem() };
} });

const CONN: Row[] = [
  ["conn.bytes_in", "conn.bytes_in > 1000", true],
  ["conn.bytes_out", "conn.bytes_out > 1000", true, {}, "response"],
  ["conn.client_ip", "conn.client_ip in ['::1', '127.0.0.1']", true],
  ["conn.client_port", "conn.client_port == 80", true],
  ["conn.server_ip", "conn.server_ip == '192.168.1.1'", true],
  // The page compares with 80, an http endpoint's port; the endpoint here is https.
  ["conn.server_port", "conn.server_port == 443", true],
  ["conn.server_region", "conn.server_region == 'eu'", true],
  ["conn.ts.start", "conn.ts.start > timestamp('2023-12-31T00:00:00Z')", true],
  ["conn.geo.city", "conn.geo.city == 'Strongsville'", true],
  ["conn.geo.country", "conn.geo.country == 'United States'", true],
  ["conn.geo.country_code", "conn.geo.country_code != 'US'", true],
  ["conn.geo.latitude", "double(conn.geo.latitude) >= 45.0", true],
  ["conn.geo.longitude", "double(conn.geo.longitude) <= -93.0", true],
  ["conn.geo.radius", "conn.geo.radius <= '5'", true],
  ["conn.geo.subdivision", "conn.geo.subdivision == 'California'", true],
  ["conn.tls.cipher_suite", "conn.tls.cipher_suite == 'TLS_AES_128_GCM_SHA256'", true],
  ["conn.tls.ja4_fingerprint", "conn.tls.ja4_fingerprint == 't13d1717h2_5b57614c22b0_f0fc7018f8e8'", true],
  ["conn.tls.negotiated_alpn", "conn.tls.negotiated_alpn == 'h2'", true],
  ["conn.tls.session_resumed", "conn.tls.session_resumed == false", true],
  ["conn.tls.sni", "conn.tls.sni == 'client.example.com'", true],
  ["conn.tls.version", "conn.tls.version == '1.3'", true],
  ["conn.k8s.pod.id", "conn.k8s.pod.id == '4b2c1a0e-7f3d-11ee-b962-0242ac120002'", true],
  ["conn.k8s.pod.metadata.name", "conn.k8s.pod.metadata.name in ['worker-a', 'worker-b']", true],
  ["conn.k8s.pod.metadata.namespace", "conn.k8s.pod.metadata.namespace != 'payments'", true],
  ["conn.k8s.pod.metadata.annotations", "conn.k8s.pod.metadata.annotations['k8s.ngrok.com/environment'] == 'production'", true],
  ["conn.k8s.pod.metadata.error_code", "conn.k8s.pod.metadata.error_code == ''", true],
  ["conn.k8s.pod.metadata.error_message", "conn.k8s.pod.metadata.error_message != ''", true],
];

/** The TLS certificate variables, the same for `client` and `server` (the page's examples differ only in names). */
function certificateRows(side: "client" | "server"): Row[] {
  const p = `conn.tls.${side}`;
  const cn = side === "client" ? "www.example.com" : "ngrok-server.example.com";
  const dns = side === "client" ? "['www.example.com', 'example.com']" : "['ngrok-dns.com', 'ngrok-dns2.com']";
  const le = tlsWith(side, () => certs.letsEncrypt);
  const rows: Row[] = [
    [`${p}.extensions`, `size(${p}.extensions) > 0`, true],
    [`${p}.extensions[i].id`, `${p}.extensions[0].id == '2.5.29.15'`, true],
    [`${p}.extensions[i].critical`, `${p}.extensions[0].critical`, true],
    // The page's `value == b' '` stands for the extension's DER bytes; a key usage of digitalSignature is these.
    [`${p}.extensions[i].value`, `${p}.extensions[0].value == b'\\x03\\x02\\x07\\x80'`, true],
    // The page writes 'CN=E1,O=Let's Encrypt,C=US' in single quotes, which does not parse; escaped:
    [`${p}.issuer`, `${p}.issuer == 'CN=E1,O=Let\\'s Encrypt,C=US'`, true, le],
    [`${p}.issuer.common_name`, `${p}.issuer.common_name == 'exampleca.com'`, true],
    [`${p}.issuer.country`, `${p}.issuer.country == ['US']`, true],
    [`${p}.issuer.locality`, `${p}.issuer.locality == ['Mountain View']`, true],
    [`${p}.issuer.organization`, `${p}.issuer.organization == ['Example CA']`, true],
    [`${p}.issuer.organizational_unit`, `${p}.issuer.organizational_unit == ['Certification Authority Division']`, true],
    [`${p}.issuer.postal_code`, `${p}.issuer.postal_code == ['94043']`, true],
    [`${p}.issuer.province`, `${p}.issuer.province == ['California']`, true],
    [`${p}.issuer.street_address`, `${p}.issuer.street_address == ['1234 Encryption Way']`, true],
    [`${p}.san`, `${p}.san == 'DNS:www.example.com, DNS:example.com, IP Address:192.168.1.1'`, true, le],
    [`${p}.san.dns_names`, `${p}.san.dns_names == ${dns}`, true],
    [`${p}.san.email_addresses`, `${p}.san.email_addresses == ['ngrok-email1@example.com', 'ngrok-email2@example.com']`, true],
    [`${p}.san.ip_addresses`, `${p}.san.ip_addresses == ['192.168.1.1']`, true],
    [`${p}.san.uris`, `${p}.san.uris == ['https://example.com/example']`, true],
    [`${p}.serial_number`, `${p}.serial_number == 'b53017e79d4a5208b314a55d3574e0a8'`, true],
    [`${p}.signature_algorithm`, `${p}.signature_algorithm == 'SHA256-RSA'`, true],
    [`${p}.subject`, `${p}.subject == 'CN=www.example.com'`, true, le],
    [`${p}.subject.common_name`, `${p}.subject.common_name == '${cn}'`, true],
    [`${p}.subject.country`, `${p}.subject.country == ['US']`, true],
    [`${p}.subject.locality`, `${p}.subject.locality == ['Mountain View']`, true],
    [`${p}.subject.organization`, `${p}.subject.organization == ['Example Corp']`, true],
    [`${p}.subject.organizational_unit`, `${p}.subject.organizational_unit == ['Web Services']`, true],
    [`${p}.subject.postal_code`, `${p}.subject.postal_code == ['94043']`, true],
    [`${p}.subject.province`, `${p}.subject.province == ['California']`, true],
    [`${p}.subject.street_address`, `${p}.subject.street_address == ['1234 Secure Blvd']`, true],
    side === "client"
      ? [`${p}.validity.not_after`, `${p}.validity.not_after == timestamp('2023-01-01T00:00:00Z')`, true]
      : [`${p}.validity.not_after`, `${p}.validity.not_after > timestamp('2023-01-01T00:00:00Z')`, true],
    side === "client"
      ? [`${p}.validity.not_before`, `${p}.validity.not_before == timestamp('2020-01-01T00:00:00Z')`, true]
      : [`${p}.validity.not_before`, `${p}.validity.not_before < timestamp('2020-01-01T00:00:00Z')`, true],
  ];
  // The page writes starts_with/ends_with, which CEL spells startsWith/endsWith.
  if (side === "client") rows.push([`${p}.pem`, `${p}.pem.startsWith('-----BEGIN CERTIFICATE-----') && ${p}.pem.endsWith('-----END CERTIFICATE-----')`, true]);
  return rows;
}

function ipIntelRows(which: "client_ip" | "server_ip"): Row[] {
  const p = `conn.${which}`;
  const loc = (field: string, expr: string): Row => [`${p}.geo.location.${field}`, expr.replace("$", `${p}.geo.location.${field}`), true];
  const reg = (field: string, expr: string): Row => [`${p}.geo.registered_location.${field}`, expr.replace("$", `${p}.geo.registered_location.${field}`), true];
  return [
    [`${p}.categories`, `('proxy.anonymous.tor' in ${p}.categories)`, true],
    [`${p}.is_on_blocklist`, `${p}.is_on_blocklist == true`, true],
    [`${p}.is_tor_node`, `${p}.is_tor_node == true`, true],
    [`${p}.as.number`, `${p}.as.number == 12345`, true],
    [`${p}.as.organization`, `${p}.as.organization == 'COMCAST-7922'`, true],
    loc("city", "$ == 'Strongsville'"),
    loc("continent", "$ == 'North America'"),
    loc("country", "$ == 'United States'"),
    loc("country_code", "$ != 'US'"),
    loc("is_eu", "$ == true"),
    loc("latitude", "double($) >= 45.0"),
    loc("longitude", "double($) <= -93.0"),
    loc("metro_code", "$ != ''"),
    loc("postal_code", "$ == '94324'"),
    loc("radius", "$ <= '5'"),
    loc("subdivision", "$ == 'California'"),
    loc("timezone", "$ == 'America/New_York'"),
    reg("city", "$ == 'Strongsville'"),
    reg("continent", "$ == 'North America'"),
    reg("country", "$ == 'United States'"),
    reg("country_code", "$ != 'US'"),
    reg("is_eu", "$ == true"),
    reg("metro_code", "$ != ''"),
    reg("subdivision", "$ == 'California'"),
    reg("timezone", "$ == 'America/New_York'"),
  ];
}

const ENDPOINT: Row[] = [
  ["endpoint.addr", "endpoint.addr == 'my-subdomain.ngrok.app:443'", true],
  ["endpoint.host", "endpoint.host == 'my-subdomain.ngrok.app'", true],
  ["endpoint.id", "endpoint.id == 'ep_2iL8LRbQilSCKYjaslRoqBwJcfT'", true],
  ["endpoint.port", "endpoint.port == 443", true],
  ["endpoint.protocol", "endpoint.protocol == 'https'", true],
  ["endpoint.url", "endpoint.url == 'https://my-subdomain.ngrok.app'", true],
];

const REQ: Row[] = [
  ["req.content_encoding", "req.content_encoding[0] == 'br'", true],
  ["req.content_length", "req.content_length > 10000000", true, { body: new Uint8Array(10_000_001) }],
  ["req.content_type", "req.content_type == 'application/json'", true],
  ["req.content_type.parameters", "req.content_type.parameters['charset'] == 'utf-8'", true],
  ["req.content_type.raw", "req.content_type.raw == 'application/json; charset=utf-8'", true],
  ["req.cookies", "size(req.cookies) > 0", true],
  ["req.cookies[k][i].name", "req.cookies['sessionId'][0].name == 'sessionId'", true],
  ["req.cookies[k][i].value", "req.cookies['sessionId'][0].value > 'value'", true],
  ["req.headers", "'Fizz' in req.headers['baz']", true],
  ["req.host", "req.host == 'nba.com'", true],
  ["req.location", "req.location == '/index.html'", true],
  ["req.method", "req.method == 'POST' || req.method == 'PUT'", true],
  ["req.trailers", "'Fizz' in req.trailers['baz']", true],
  ["req.ts.body_received", "req.ts.body_received > timestamp('2023-12-31T00:00:00Z')", true],
  ["req.ts.header_received", "req.ts.header_received > timestamp('2023-12-31T00:00:00Z')", true],
  // The page has a stray ")" after the string.
  ["req.url", "req.url == 'https://nba.com/'", true, { url: "https://nba.com/" }],
  ["req.url.authority", "req.url.authority == 'user:password@nba.com'", true],
  ["req.url.host", "req.url.host == 'nba.com'", true],
  ["req.url.path", "req.url.path.startsWith('/foo')", true, { url: "https://nba.com/foo/bar" }],
  ["req.url.port", "req.url.port == 443", true],
  ["req.url.query", "req.url.query == 'number=23&name=jordan'", true, { url: "https://nba.com/api/players?number=23&name=jordan" }],
  ["req.url.query_params", "'bar' in req.url.query_params['foo']", true],
  // The page writes includes(), which CEL does not have; contains() is the method.
  ["req.url.raw", "req.url.raw.contains('/foo')", true, { url: "https://nba.com/foo" }],
  ["req.url.raw_path", "req.url.raw_path.startsWith('/foo')", true, { url: "https://nba.com/foo%20bar" }],
  ["req.url.scheme", "req.url.scheme == 'https'", true],
  ["req.url.uri", "req.url.uri.contains('/api/players?number=23&name=jordan')", true],
  ["req.url.user_password", "req.url.user_password == 'user:password'", true],
  ["req.user_agent", "req.user_agent.contains('curl')", true, { headers: { "User-Agent": "curl/8.4.0" } }],
  ["req.user_agent.name", "req.user_agent.name == 'Safari'", true],
  ["req.user_agent.version", "req.user_agent.version == '10.1.2'", true],
  ["req.user_agent.os", "req.user_agent.os == 'macOS'", true],
  ["req.user_agent.os_version", "req.user_agent.os_version == '10.12.6'", true],
  ["req.user_agent.device", "req.user_agent.device.contains('SM-S901B')", true, { headers: { "User-Agent": ANDROID } }],
  ["req.user_agent.is_mobile", "req.user_agent.is_mobile", true, { headers: { "User-Agent": ANDROID } }],
  ["req.user_agent.is_tablet", "req.user_agent.is_tablet", true, { headers: { "User-Agent": IPAD } }],
  ["req.user_agent.is_desktop", "req.user_agent.is_desktop", true],
  ["req.user_agent.is_bot", "req.user_agent.is_bot", true, { headers: { "User-Agent": GOOGLEBOT } }],
  ["req.user_agent.url", "req.user_agent.url.contains('https')", true, { headers: { "User-Agent": GOOGLEBOT } }],
  ["req.version", "req.version == 'HTTP/2.0'", true],
];

const RES: Row[] = [
  ["res.content_encoding", "res.content_encoding[0] == 'br'", true],
  ["res.content_length", "res.content_length != 0", true],
  ["res.content_type", "res.content_type == 'application/json'", true],
  ["res.content_type.parameters", "res.content_type.parameters['charset'] == 'utf-8'", true],
  ["res.content_type.raw", "res.content_type.raw == 'application/json; charset=utf-8'", true],
  ["res.cookies", "size(res.cookies) > 0", true],
  ["res.cookies[k][i].domain", "res.cookies['sessionId'][0].domain == 'nba.com'", true],
  ["res.cookies[k][i].expires", "res.cookies['sessionId'][0].expires > timestamp(time.now)", true],
  ["res.cookies[k][i].http_only", "res.cookies['sessionId'][0].http_only", true],
  ["res.cookies[k][i].max_age", "res.cookies['sessionId'][0].max_age > duration('24h')", true],
  ["res.cookies[k][i].name", "res.cookies['sessionId'][0].name == 'sessionId'", true],
  // The page leaves the string unterminated ('/).
  ["res.cookies[k][i].path", "res.cookies['sessionId'][0].path == '/'", true],
  // The page uses it as a bool; it is the attribute's value.
  ["res.cookies[k][i].same_site", "res.cookies['sessionId'][0].same_site == 'Lax'", true],
  ["res.cookies[k][i].secure", "res.cookies['sessionId'][0].secure", true],
  ["res.cookies[k][i].unparsed_attributes", "size(res.cookies['sessionId'][0].unparsed_attributes) > 0", true],
  ["res.cookies[k][i].value", "res.cookies['sessionId'][0].value > 'value'", true],
  ["res.headers", "'Fizz' in res.headers['baz']", true],
  ["res.location", "res.location == '/index.html'", true],
  ["res.status_code", "res.status_code >= 300", true],
  ["res.trailers", "res.trailers == {}", true],
];

const TIME: Row[] = [
  // The page compares conn.ts.end, which no page documents; conn.ts.start is the connection's documented time.
  ["time.now", "conn.ts.start <= timestamp(time.now) && time.now == '2026-03-01T12:00:00Z'", true],
];

const ALL: Row[] = [...CONN, ...certificateRows("client"), ...certificateRows("server"), ...ipIntelRows("client_ip"), ...ipIntelRows("server_ip"), ...ENDPOINT, ...REQ, ...RES.map((r): Row => [r[0], r[1], r[2], r[3] ?? {}, "response"]), ...TIME];

describe("each variable's documented example", () => {
  // Every row of five, so that jest does not take a missing one for a `done` callback.
  const rows = ALL.map(([variable, expression, expected, change, phase]) => [variable, expression, expected, change ?? {}, phase ?? "request"] as const);
  it.each(rows)("%s: %s", async (_variable, expression, expected, change, phase) => {
    expect(await evaluate(expression, change, phase)).toEqual(expected);
  });
});

/** What some variables are, beyond the examples' comparisons. */
const VALUES: Row[] = [
  ["req.url", "req.url", "https://user:password@nba.com/api/players?number=23&name=jordan&foo=bar"],
  ["req.url.path", "req.url.path", "/a b", { url: "https://nba.com/a%20b" }],
  ["req.url.raw_path", "req.url.raw_path", "/a%20b", { url: "https://nba.com/a%20b" }],
  ["req.content_type", "req.content_type", "text/html", { headers: { "Content-Type": 'Text/HTML; Charset="latin-1"' } }],
  ["req.content_type.parameters", "req.content_type.parameters", { charset: "latin-1" }, { headers: { "Content-Type": 'Text/HTML; Charset="latin-1"' } }],
  ["req.cookies", "req.cookies['a'].map(c, c.value)", ["1", "2"], { headers: { Cookie: "a=1; b=x; a=2" } }],
  ["req.user_agent", "[req.user_agent.name, req.user_agent.version, req.user_agent.os, req.user_agent.is_mobile, req.user_agent.is_desktop]", ["Chrome", "112.0.0.0", "Android", true, false], { headers: { "User-Agent": ANDROID } }],
  ["req.user_agent", "[req.user_agent.name, req.user_agent.version, req.user_agent.is_bot, req.user_agent.url]", ["Googlebot", "2.1", true, "https://www.google.com/bot.html"], { headers: { "User-Agent": GOOGLEBOT } }],
  ["req.user_agent", "[req.user_agent.name, req.user_agent.version, req.user_agent.is_bot]", ["curl", "8.4.0", false], { headers: { "User-Agent": "curl/8.4.0" } }],
  ["req.ts.body_received", "has(req.ts.body_received)", false, { body: "" }],
  ["conn.client_ip", "conn.client_ip.geo.location.city", "Wellington", { clientIpIntel: {}, geo: { city: "Wellington" } }],
  ["conn.client_ip", "[conn.client_ip.categories, conn.client_ip.is_tor_node, conn.client_ip.as.number]", [[], false, 0], { clientIpIntel: undefined }],
  ["conn.tls", "[conn.tls.version, conn.tls.client.subject, conn.tls.client.san.dns_names]", ["", "", []], { tls: undefined }],
  ["conn.geo.latitude", "conn.geo.latitude", "45.5"],
  ["time.now", "time.now", "2026-03-01T12:00:00Z"],
];

describe("values", () => {
  const rows = VALUES.map(([variable, expression, expected, change]) => [variable, expression, expected, change ?? {}] as const);
  it.each(rows)("%s: %s", async (_variable, expression, expected, change) => {
    expect(await evaluate(expression, change)).toEqual(expected);
  });
});

/** Every variable on the pages, from their tables (action variables, actions.ngrok.*, are the actions' pages'). */
function documented(): string[] {
  const name = ["common_name", "country", "locality", "organization", "organizational_unit", "postal_code", "province", "street_address"];
  const cert = (side: string, pem: boolean): string[] => [
    ...["extensions", "extensions[i].id", "extensions[i].critical", "extensions[i].value", "issuer", ...name.map((n) => `issuer.${n}`)],
    ...(pem ? ["pem"] : []),
    ...["san", "san.dns_names", "san.email_addresses", "san.ip_addresses", "san.uris", "serial_number", "signature_algorithm", "subject", ...name.map((n) => `subject.${n}`), "validity.not_after", "validity.not_before"],
  ].map((v) => `conn.tls.${side}.${v}`);
  const intel = (ip: string): string[] => [
    ...["categories", "is_on_blocklist", "is_tor_node", "as.number", "as.organization"],
    ...["city", "continent", "country", "country_code", "is_eu", "latitude", "longitude", "metro_code", "postal_code", "radius", "subdivision", "timezone"].map((f) => `geo.location.${f}`),
    ...["city", "continent", "country", "country_code", "is_eu", "metro_code", "subdivision", "timezone"].map((f) => `geo.registered_location.${f}`),
  ].map((v) => `conn.${ip}.${v}`);
  return [
    ...["bytes_in", "bytes_out", "client_ip", "client_port", "server_ip", "server_port", "server_region", "ts.start"].map((v) => `conn.${v}`),
    ...["city", "country", "country_code", "latitude", "longitude", "radius", "subdivision"].map((v) => `conn.geo.${v}`),
    ...["cipher_suite", "ja4_fingerprint", "negotiated_alpn", "session_resumed", "sni", "version"].map((v) => `conn.tls.${v}`),
    ...cert("client", true),
    ...cert("server", false),
    ...["pod.id", "pod.metadata.name", "pod.metadata.namespace", "pod.metadata.annotations", "pod.metadata.error_code", "pod.metadata.error_message"].map((v) => `conn.k8s.${v}`),
    ...intel("client_ip"),
    ...intel("server_ip"),
    ...["addr", "host", "id", "port", "protocol", "url"].map((v) => `endpoint.${v}`),
    ...["content_encoding", "content_length", "content_type", "content_type.parameters", "content_type.raw", "cookies", "cookies[k][i].name", "cookies[k][i].value", "headers", "host", "location", "method", "trailers"].map((v) => `req.${v}`),
    ...["ts.body_received", "ts.header_received", "url", "url.authority", "url.host", "url.path", "url.port", "url.query", "url.query_params", "url.raw", "url.raw_path", "url.scheme", "url.uri", "url.user_password"].map((v) => `req.${v}`),
    ...["user_agent", "user_agent.name", "user_agent.version", "user_agent.os", "user_agent.os_version", "user_agent.device", "user_agent.is_mobile", "user_agent.is_tablet", "user_agent.is_desktop", "user_agent.is_bot", "user_agent.url", "version"].map((v) => `req.${v}`),
    ...["content_encoding", "content_length", "content_type", "content_type.parameters", "content_type.raw", "cookies", "headers", "location", "status_code", "trailers"].map((v) => `res.${v}`),
    ...["domain", "expires", "http_only", "max_age", "name", "path", "same_site", "secure", "unparsed_attributes", "value"].map((v) => `res.cookies[k][i].${v}`),
    "time.now",
  ];
}

it("every documented variable has its example here", () => {
  const names = documented();
  // conn 8, conn.geo 7, conn.tls 6 + client 32 + server 31, conn.k8s 6, IP intelligence 2 × 25,
  // endpoint 6, req 39, res 20, time 1: the rows of the tables on ngrok's variables pages.
  expect(names.length).toBe(206);
  expect(new Set(names).size).toBe(206);
  expect(new Set(ALL.map((r) => r[0]))).toEqual(new Set(names));
});

describe("through the emulator's gateway", () => {
  let dir: string;
  let emu: Emulator;
  const POLICY = `
on_http_request:
  - actions:
      - type: custom-response
        config:
          status_code: 200
          body: "\${conn.client_ip}|\${conn.geo.city}|\${conn.client_ip.is_tor_node}|\${conn.tls.version}|\${req.version}|\${conn.server_region}|\${time.now}|\${req.user_agent.os}"
`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "ngrok-variables-"));
    const state = {
      version: 1,
      account: { user_id: "usr_2fWJxM4yZ0BkKfGJ8fWJxM4yZ0B" },
      collections: { endpoints: [{ id: "ep_2fWJxM4yZ0BkKfGJ8fWJxM4yZ0B", created_at: "2026-01-01T00:00:00Z", data: { type: "cloud", url: "https://app.example.com", traffic_policy: POLICY }, modules: {} }] },
    };
    writeFileSync(join(dir, "state.json"), JSON.stringify(state));
    emu = await startEmulator({ statePath: join(dir, "state.json"), gateway: true, clock: new FakeClock({ start: NOW }) });
  });

  afterAll(async () => {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the ngrok-emulator-connection header carries what loopback cannot; time is the emulator's clock", async () => {
    const facts = { geo: { city: "Wellington" }, clientIpIntel: { is_tor_node: true }, tls: { version: "1.3" }, httpVersion: "HTTP/2.0", serverRegion: "au" };
    const res = await send(emu.gateway!.url, "app.example.com", "/", { headers: { "ngrok-emulator-client-ip": "203.0.113.9", "ngrok-emulator-connection": JSON.stringify(facts), "user-agent": SAFARI } });
    expect([res.status, res.body]).toEqual([200, "203.0.113.9|Wellington|true|1.3|HTTP/2.0|au|2026-03-01T12:00:00Z|macOS"]);
  });

  it.each([
    ["not JSON", "{", "ngrok-emulator-connection must be a JSON object"],
    ["an unknown key", '{"country":"NZ"}', "ngrok-emulator-connection: unknown key 'country' (known: geo, serverIp, serverRegion, clientIpIntel, serverIpIntel, tls, k8sPod, httpVersion)"],
  ])("a header with %s is answered 400, saying why", async (_name, value, message) => {
    const res = await send(emu.gateway!.url, "app.example.com", "/", { headers: { "ngrok-emulator-connection": value } });
    expect([res.status, res.body]).toEqual([400, `ngrok-emulator gateway: ${message}\n`]);
  });
});

it("a client certificate that is not PEM fails the expression that reads the connection, saying which option", async () => {
  const r = await testPolicy({ on_http_request: [{ expressions: ["conn.client_ip == '1.2.3.4'"], actions: [{ type: "deny" }] }] }, { ...baseRequest(), tls: { clientCertificate: "not a certificate" } }, options());
  expect([r.status, r.failure?.code, r.failure?.message]).toEqual([500, "ERR_NGROK_2254", "the request's tls.clientCertificate is not a PEM certificate"]);
});

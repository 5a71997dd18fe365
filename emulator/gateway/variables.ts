// The documented Traffic Policy variables of one exchange (https://ngrok.com/docs/traffic-policy/variables/),
// built from the request, the connection facts a caller gives (what a loopback connection cannot
// carry: client IP, TLS, geolocation and IP intelligence) and the run's clock.
import { X509Certificate } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import { DurationSchema, timestampFromMs, type Duration, type Timestamp } from "@bufbuild/protobuf/wkt";
import { UAParser } from "ua-parser-js";
import { peculiarX509 } from "../shared/x509";
import type { PhaseName } from "./policy";
import type { TlsFacts } from "./tls";
import type { Exchange, IpIntel, IpLocation } from "./types";

export type Bindings = Record<string, unknown>;
export type Cookie = Record<string, unknown>;

/**
 * Variables that are a string and also have fields, with their fields: `req.url` is the URL and
 * `req.url.path` its path. The string is bound under the name, the fields under `fieldsKey(name)`.
 */
export const DUAL_VARIABLES: Readonly<Record<string, readonly string[]>> = (() => {
  const name = ["common_name", "country", "locality", "organization", "organizational_unit", "postal_code", "province", "street_address"];
  const san = ["dns_names", "email_addresses", "ip_addresses", "uris"];
  const ip = ["categories", "is_on_blocklist", "is_tor_node", "as", "geo"];
  return {
    "req.url": ["authority", "host", "path", "port", "query", "query_params", "raw", "raw_path", "scheme", "uri", "user_password"],
    "req.content_type": ["parameters", "raw"],
    "res.content_type": ["parameters", "raw"],
    "req.user_agent": ["name", "version", "os", "os_version", "device", "is_mobile", "is_tablet", "is_desktop", "is_bot", "url"],
    "conn.client_ip": ip,
    "conn.server_ip": ip,
    "conn.tls.client.issuer": name,
    "conn.tls.client.subject": name,
    "conn.tls.client.san": san,
    "conn.tls.server.issuer": name,
    "conn.tls.server.subject": name,
    "conn.tls.server.san": san,
  };
})();

export function fieldsKey(name: string): string {
  return `${name}.fields`;
}

/** A string-valued variable with fields, bound under both keys. */
function dual(name: string, text: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { [name]: text, [fieldsKey(name)]: fields };
}

function headersObject(m: ReadonlyMap<string, readonly string[]>): Record<string, string[]> {
  return Object.fromEntries([...m].map(([k, v]) => [k, [...v]]));
}

export function queryParams(url: URL): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of url.searchParams) out.set(k, [...(out.get(k) ?? []), v]);
  return out;
}

const defaultPort = (scheme: string): number => (scheme === "https:" ? 443 : scheme === "http:" ? 80 : 0);

/** Go's mime.ParseMediaType: the type and parameter names lower-cased, quoted values unquoted. */
function mediaType(raw: string): { type: string; parameters: Record<string, string> } {
  const [type = "", ...params] = raw.split(";");
  const parameters: Record<string, string> = {};
  for (const p of params) {
    const eq = p.indexOf("=");
    if (eq < 0) continue;
    const value = p.slice(eq + 1).trim();
    parameters[p.slice(0, eq).trim().toLowerCase()] = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value;
  }
  return { type: type.trim().toLowerCase(), parameters };
}

function contentType(headers: ReadonlyMap<string, readonly string[]>): Record<string, unknown> {
  const raw = headers.get("content-type")?.[0] ?? "";
  const { type, parameters } = mediaType(raw);
  return dual("content_type", type, { parameters, raw });
}

const seconds = (n: number): Duration => create(DurationSchema, { seconds: BigInt(n) });
/** Go's zero time.Time, which a request cookie's attributes hold (a Cookie header carries none). */
function zeroTime(): Timestamp {
  const d = new Date(0);
  d.setUTCFullYear(1, 0, 1);
  return timestampFromMs(d.getTime());
}

function cookieShape(name: string, value: string): Cookie {
  return { name, value, path: "", domain: "", expires: zeroTime(), max_age: seconds(0), secure: false, http_only: false, same_site: "", unparsed_attributes: {} };
}

const unquote = (v: string): string => (v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The Cookie headers' cookies by name, in header order (Go's http.Request.Cookies). */
export function requestCookies(headers: ReadonlyMap<string, readonly string[]>): Map<string, Cookie[]> {
  const out = new Map<string, Cookie[]>();
  for (const line of headers.get("cookie") ?? []) {
    for (const part of line.split(";")) {
      const trimmed = part.trim();
      const eq = trimmed.indexOf("=");
      if (eq <= 0) continue;
      const name = trimmed.slice(0, eq);
      if (!TOKEN.test(name)) continue;
      out.set(name, [...(out.get(name) ?? []), cookieShape(name, unquote(trimmed.slice(eq + 1)))]);
    }
  }
  return out;
}

/** The Set-Cookie headers' cookies by name, longest path first (Go's http.Response.Cookies). */
export function responseCookies(headers: ReadonlyMap<string, readonly string[]>): Map<string, Cookie[]> {
  const out = new Map<string, Cookie[]>();
  for (const line of headers.get("set-cookie") ?? []) {
    const [pair = "", ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    if (!TOKEN.test(name)) continue;
    const c = cookieShape(name, unquote(pair.slice(eq + 1).trim()));
    const unparsed: Record<string, string> = {};
    for (const attr of attrs) {
      const a = attr.trim();
      if (a === "") continue;
      const i = a.indexOf("=");
      const key = (i < 0 ? a : a.slice(0, i)).trim();
      const val = i < 0 ? "" : a.slice(i + 1).trim();
      switch (key.toLowerCase()) {
        case "domain":
          c["domain"] = val.replace(/^\./, "").toLowerCase();
          break;
        case "path":
          c["path"] = val;
          break;
        case "expires": {
          const ms = Date.parse(val);
          if (!Number.isNaN(ms)) c["expires"] = timestampFromMs(ms);
          break;
        }
        case "max-age": {
          const n = Number(val);
          // Go: "Max-Age=0" or a negative one means delete now, held as -1.
          if (/^-?\d+$/.test(val)) c["max_age"] = seconds(n <= 0 ? -1 : n);
          break;
        }
        case "secure":
          c["secure"] = true;
          break;
        case "httponly":
          c["http_only"] = true;
          break;
        case "samesite":
          c["same_site"] = ({ lax: "Lax", strict: "Strict", none: "None" } as Record<string, string>)[val.toLowerCase()] ?? "";
          break;
        default:
          unparsed[key] = val;
      }
    }
    c["unparsed_attributes"] = unparsed;
    out.set(name, [...(out.get(name) ?? []), c]);
  }
  for (const list of out.values()) list.sort((a, b) => String(b["path"]).length - String(a["path"]).length);
  return out;
}

const cookieObject = (m: Map<string, Cookie[]>): Record<string, Cookie[]> => Object.fromEntries(m);

// ---- user agents ----

// The names ngrok gives (those of the Go parser github.com/mileusna/useragent, whose fields
// req.user_agent.* are) for the names ua-parser-js gives.
const BROWSER_NAMES: Record<string, string> = {
  "Mobile Safari": "Safari",
  "Chrome Headless": "Headless Chrome",
  "Chrome WebView": "Chrome",
  "Mobile Chrome": "Chrome",
  "Mobile Firefox": "Firefox",
  IE: "Internet Explorer",
  "Opera Mini": "Opera Mini",
  "Opera Touch": "Opera Touch",
  "Samsung Browser": "Samsung Browser",
  "Android Browser": "Android browser",
  Facebook: "Facebook App",
  Instagram: "Instagram App",
  TikTok: "TikTok App",
};
const OS_NAMES: Record<string, string> = { "Mac OS": "macOS", "Chromium OS": "ChromeOS", "Windows Phone": "Windows Phone" };
const LINUXES = new Set(["Linux", "Ubuntu", "Debian", "Fedora", "Arch", "CentOS", "Mint", "Gentoo", "SUSE", "RedHat", "Slackware"]);
const BOTS: Record<string, string> = {
  Googlebot: "Googlebot",
  Applebot: "Applebot",
  bingbot: "Bingbot",
  YandexBot: "YandexBot",
  Twitterbot: "Twitterbot",
  facebookexternalhit: "facebookexternalhit",
  "AdsBot-Google": "Google Ads Bot",
  "AdsBot-Google-Mobile": "Google Ads Bot",
  "Mediapartners-Google": "Google Ads Bot",
};

/** `name/version` product tokens, in and out of parentheses. */
function productTokens(ua: string): Array<{ name: string; version: string }> {
  const out: Array<{ name: string; version: string }> = [];
  for (const m of ua.matchAll(/([A-Za-z][\w.\- ]*?)\/([^\s;)]+)/g)) out.push({ name: m[1]!.trim(), version: m[2]! });
  return out;
}

export function userAgent(ua: string): Record<string, unknown> {
  const parsed = new UAParser(ua).getResult();
  const tokens = productTokens(ua);
  const url = /\+?(https?:\/\/[^\s;)]+)/.exec(ua)?.[1] ?? "";
  const botToken = tokens.find((t) => BOTS[t.name] !== undefined) ?? (ua.includes("Mediapartners-Google") ? { name: "Mediapartners-Google", version: "" } : undefined);
  let os = parsed.os.name ?? "";
  let osVersion = parsed.os.version ?? "";
  if (/Windows NT/.test(ua)) {
    os = "Windows";
    osVersion = /Windows NT ([\d.]+)/.exec(ua)?.[1] ?? "";
  } else if (LINUXES.has(os) && !/Android/.test(ua)) {
    os = "Linux";
    osVersion = /Linux ([^;)]+)/.exec(ua)?.[1]?.trim() ?? "";
  } else os = OS_NAMES[os] ?? os;
  let name = parsed.browser.name ?? "";
  let version = parsed.browser.version ?? "";
  let bot = false;
  if (botToken !== undefined) {
    name = BOTS[botToken.name]!;
    version = botToken.version;
    bot = true;
  } else if (name === "") {
    // An agent ua-parser-js does not know (curl, a library, a crawler): its first product token.
    const first = tokens.find((t) => t.name !== "Mozilla");
    name = first?.name ?? ua;
    version = first?.version ?? "";
    bot = name.toLowerCase().includes("bot");
  } else name = BROWSER_NAMES[name] ?? name;
  if (name === "Headless Chrome") bot = true;
  if (url !== "") bot = true;
  const type = parsed.device.type;
  const device = os === "iOS" ? (/iPad/.test(ua) ? "iPad" : /iPhone/.test(ua) ? "iPhone" : (parsed.device.model ?? "")) : os === "Android" ? (parsed.device.model ?? "") : "";
  const tablet = type === "tablet" || (os === "Android" && /tablet/i.test(ua));
  const mobile = !tablet && (type === "mobile" || os === "Android" || /\bMobile\b/.test(ua));
  const desktop = !mobile && !tablet && ["Windows", "macOS", "Linux", "ChromeOS"].includes(os);
  return { name, version, os, os_version: osVersion, device, is_mobile: mobile, is_tablet: tablet, is_desktop: desktop, is_bot: bot, url };
}

// ---- connections ----

const GEO_KEYS = ["city", "country", "country_code", "latitude", "longitude", "radius", "subdivision"] as const;
const LOCATION_KEYS = ["city", "continent", "country", "country_code", "latitude", "longitude", "metro_code", "postal_code", "radius", "subdivision", "timezone"] as const;
const REGISTERED_KEYS = ["city", "continent", "country", "country_code", "metro_code", "subdivision", "timezone"] as const;

const text = (v: unknown): string => (v === undefined || v === null ? "" : String(v));

function location(given: IpLocation | undefined, keys: readonly string[]): Record<string, unknown> {
  const g = (given ?? {}) as Record<string, unknown>;
  return { ...Object.fromEntries(keys.map((k) => [k, text(g[k])])), is_eu: g["is_eu"] === true };
}

function ipIntel(intel: IpIntel | undefined, geo: Record<string, unknown> | undefined): Record<string, unknown> {
  const i = intel ?? {};
  return {
    categories: [...(i.categories ?? [])],
    is_on_blocklist: i.is_on_blocklist ?? false,
    is_tor_node: i.is_tor_node ?? (i.categories ?? []).includes("proxy.anonymous.tor"),
    as: { number: BigInt(i.as?.number ?? 0), organization: i.as?.organization ?? "" },
    geo: {
      location: location(i.geo?.location ?? (geo as IpLocation | undefined), LOCATION_KEYS),
      registered_location: location(i.geo?.registered_location, REGISTERED_KEYS),
    },
  };
}

const NAME_FIELDS: Record<string, string> = {
  C: "country",
  L: "locality",
  O: "organization",
  OU: "organizational_unit",
  postalCode: "postal_code",
  ST: "province",
  street: "street_address",
};
const GO_NAME_LABELS: Record<string, string> = { street: "STREET", postalCode: "POSTALCODE", serialNumber: "SERIALNUMBER" };

/** A distinguished name as Go's pkix.Name: its String() (last attribute first) and its fields. */
function distinguishedName(lines: string): { text: string; fields: Record<string, unknown> } {
  const pairs = lines
    .split("\n")
    .filter((l) => l.includes("="))
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)] as const);
  const fields: Record<string, unknown> = { common_name: "", ...Object.fromEntries(Object.values(NAME_FIELDS).map((f) => [f, [] as string[]])) };
  for (const [k, v] of pairs) {
    if (k === "CN") fields["common_name"] = v;
    else if (NAME_FIELDS[k] !== undefined) (fields[NAME_FIELDS[k]!] as string[]).push(v);
  }
  const escape = (v: string): string => v.replace(/([,+"\\<>;])/g, "\\$1");
  const text = [...pairs]
    .reverse()
    .map(([k, v]) => `${GO_NAME_LABELS[k] ?? k}=${escape(v)}`)
    .join(",");
  return { text, fields };
}

// Go's x509.SignatureAlgorithm names.
function signatureAlgorithm(alg: { name: string; hash?: { name: string } }): string {
  const hash = (alg.hash?.name ?? "").replace("-", "");
  if (alg.name === "RSASSA-PKCS1-v1_5") return `${hash}-RSA`;
  if (alg.name === "RSA-PSS") return `${hash}-RSAPSS`;
  if (alg.name === "ECDSA") return `ECDSA-${hash}`;
  return alg.name;
}

// Parsed certificates by PEM: the variables are built for each expression, a certificate parsed once.
const parsedCertificates = new Map<string, Record<string, unknown>>();
const MAX_PARSED = 64;

function certificate(pem: string | undefined, withPem: boolean): Record<string, unknown> {
  if (pem === undefined) return parseCertificate(undefined, withPem);
  const key = `${withPem}:${pem}`;
  let parsed = parsedCertificates.get(key);
  if (parsed === undefined) {
    parsed = parseCertificate(pem, withPem);
    if (parsedCertificates.size >= MAX_PARSED) parsedCertificates.delete(parsedCertificates.keys().next().value!);
    parsedCertificates.set(key, parsed);
  }
  return parsed;
}

function parseCertificate(pem: string | undefined, withPem: boolean): Record<string, unknown> {
  const emptyName = distinguishedName("");
  if (pem === undefined) {
    return {
      extensions: [],
      ...dual("issuer", "", emptyName.fields),
      ...dual("subject", "", emptyName.fields),
      ...dual("san", "", { dns_names: [], email_addresses: [], ip_addresses: [], uris: [] }),
      serial_number: "",
      signature_algorithm: "",
      validity: { not_after: timestampFromMs(0), not_before: timestampFromMs(0) },
      ...(withPem ? { pem: "" } : {}),
    };
  }
  let cert: X509Certificate;
  let parsed: InstanceType<ReturnType<typeof peculiarX509>["X509Certificate"]>;
  try {
    cert = new X509Certificate(pem);
    parsed = new (peculiarX509().X509Certificate)(pem);
  } catch {
    throw new Error(`the request's tls.${withPem ? "clientCertificate" : "serverCertificate"} is not a PEM certificate`);
  }
  const issuer = distinguishedName(cert.issuer);
  const subject = distinguishedName(cert.subject);
  const sanText = cert.subjectAltName ?? "";
  const sans = sanText === "" ? [] : sanText.split(", ");
  const of = (prefix: string): string[] => sans.filter((s) => s.startsWith(prefix)).map((s) => s.slice(prefix.length));
  return {
    extensions: parsed.extensions.map((e) => ({ id: e.type, critical: e.critical, value: new Uint8Array(e.value) })),
    ...dual("issuer", issuer.text, issuer.fields),
    ...dual("subject", subject.text, subject.fields),
    ...dual("san", sanText, { dns_names: of("DNS:"), email_addresses: of("email:"), ip_addresses: of("IP Address:"), uris: of("URI:") }),
    serial_number: BigInt(`0x${cert.serialNumber}`).toString(16),
    signature_algorithm: signatureAlgorithm(parsed.signatureAlgorithm as { name: string; hash?: { name: string } }),
    validity: { not_after: timestampFromMs(Date.parse(cert.validTo)), not_before: timestampFromMs(Date.parse(cert.validFrom)) },
    ...(withPem ? { pem: pem.trim() } : {}),
  };
}

function tls(facts: TlsFacts | undefined): Record<string, unknown> {
  const f = facts ?? {};
  return {
    cipher_suite: f.cipherSuite ?? "",
    ja4_fingerprint: f.ja4Fingerprint ?? "",
    negotiated_alpn: f.negotiatedAlpn ?? "",
    session_resumed: f.sessionResumed ?? false,
    sni: f.sni ?? "",
    version: f.version ?? "",
    client: certificate(f.clientCertificate, true),
    server: certificate(f.serverCertificate, false),
  };
}

/** RFC 3339 as Go's time.RFC3339 writes it: whole seconds, "Z" for UTC. */
function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d+Z$/, "Z");
}

/** The variables of the current state of an exchange, at `now` (ms since the epoch). */
export function bindings(ex: Exchange, phase: PhaseName, now: number): Bindings {
  const { request: r, conn, endpoint } = ex;
  const eu = new URL(endpoint.url);
  const geo = Object.fromEntries(GEO_KEYS.map((k) => [k, text(conn.geo[k])]));
  const b: Bindings = {
    conn: {
      ...dual("client_ip", conn.clientIp, ipIntel(conn.clientIpIntel, conn.geo as Record<string, unknown>)),
      ...dual("server_ip", conn.serverIp, ipIntel(conn.serverIpIntel, undefined)),
      client_port: BigInt(conn.clientPort),
      server_port: BigInt(Number(eu.port) || defaultPort(eu.protocol)),
      server_region: conn.serverRegion,
      geo,
      bytes_in: BigInt(r.body.length),
      // What has left for the client: the response, once there is one.
      bytes_out: BigInt(phase === "on_http_response" && ex.response !== undefined ? ex.response.body.length : 0),
      ts: { start: timestampFromMs(conn.startedAt) },
      tls: tls(conn.tls),
      k8s: {
        pod: {
          id: conn.k8sPod?.id ?? "",
          metadata: {
            name: conn.k8sPod?.metadata?.name ?? "",
            namespace: conn.k8sPod?.metadata?.namespace ?? "",
            annotations: { ...(conn.k8sPod?.metadata?.annotations ?? {}) },
            error_code: conn.k8sPod?.metadata?.error_code ?? "",
            error_message: conn.k8sPod?.metadata?.error_message ?? "",
          },
        },
      },
    },
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      host: eu.hostname,
      port: BigInt(Number(eu.port) || defaultPort(eu.protocol)),
      protocol: eu.protocol.replace(/:$/, ""),
      addr: `${eu.hostname}:${Number(eu.port) || defaultPort(eu.protocol)}`,
    },
    time: { now: rfc3339(now) },
    vars: ex.vars,
    actions: { ngrok: ex.actionResults },
  };
  if (phase !== "on_tcp_connect") {
    const ua = r.headers.get("user-agent")?.[0] ?? "";
    const userPassword = r.url.username === "" ? "" : `${decodeURIComponent(r.url.username)}:${decodeURIComponent(r.url.password)}`;
    b["req"] = {
      method: r.method,
      host: r.headers.get("host")?.[0] ?? r.url.host,
      headers: headersObject(r.headers),
      trailers: headersObject(r.trailers ?? new Map()),
      location: r.headers.get("location")?.[0] ?? "",
      ...contentType(r.headers),
      content_length: BigInt(r.body.length),
      content_encoding: r.headers.get("content-encoding") ?? [],
      cookies: cookieObject(requestCookies(r.headers)),
      ...dual("user_agent", ua, userAgent(ua)),
      version: r.version ?? "HTTP/1.1",
      ts: { header_received: timestampFromMs(conn.startedAt), ...(r.body.length > 0 ? { body_received: timestampFromMs(conn.startedAt) } : {}) },
      ...dual("url", r.url.toString(), {
        scheme: r.url.protocol.replace(/:$/, ""),
        host: r.url.hostname,
        port: BigInt(Number(r.url.port) || defaultPort(r.url.protocol)),
        authority: userPassword === "" ? r.url.host : `${userPassword}@${r.url.host}`,
        path: decodeURIComponent(r.url.pathname),
        raw_path: r.url.pathname,
        query: r.url.search.replace(/^\?/, ""),
        query_params: Object.fromEntries(queryParams(r.url)),
        raw: r.url.toString(),
        uri: r.url.pathname + r.url.search,
        user_password: userPassword,
      }),
    };
  }
  if ((phase === "on_http_response" || phase === "on_event_stream_message") && ex.response !== undefined) {
    const res = ex.response;
    b["res"] = {
      status_code: BigInt(res.status),
      headers: headersObject(res.headers),
      trailers: {},
      ...contentType(res.headers),
      content_length: BigInt(res.body.length),
      content_encoding: res.headers.get("content-encoding") ?? [],
      cookies: cookieObject(responseCookies(res.headers)),
      location: res.headers.get("location")?.[0] ?? "",
    };
  }
  return b;
}

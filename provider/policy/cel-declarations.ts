/**
 * What a Traffic Policy's CEL may name, for the preview check: each variable of ngrok's variables
 * pages (https://ngrok.com/docs/traffic-policy/variables/) with its documented type, and each
 * function: CEL's standard ones and @bufbuild/cel's string extension (as the library declares
 * them) and ngrok's macros (https://ngrok.com/docs/traffic-policy/macros/) by their signatures.
 * The emulator keeps its own table (it evaluates these); test/provider/policy/cel-types.test.ts
 * holds the two in step and both against the pages.
 */
import type { Declarations, Overload } from "../../cel/check";

/** `<prefix> <type>` lines below a name (an empty name is the prefix itself). */
function block(prefix: string, lines: string): string[] {
  return lines
    .trim()
    .split("\n")
    .map((line) => {
      const [name, ...type] = line.trim().split(" ");
      return name === "." ? `${prefix} ${type.join(" ")}` : `${prefix}.${name} ${type.join(" ")}`;
    });
}

const NAME = `
. string
common_name string
country list(string)
locality list(string)
organization list(string)
organizational_unit list(string)
postal_code list(string)
province list(string)
street_address list(string)`;

const ip = (prefix: string): string[] => [
  ...block(prefix, `
. string
categories list(string)
is_on_blocklist bool
is_tor_node bool
as.number int
as.organization string
geo.location.city string
geo.location.continent string
geo.location.country string
geo.location.country_code string
geo.location.is_eu bool
geo.location.latitude string
geo.location.longitude string
geo.location.metro_code string
geo.location.postal_code string
geo.location.radius string
geo.location.subdivision string
geo.location.timezone string
geo.registered_location.city string
geo.registered_location.continent string
geo.registered_location.country string
geo.registered_location.country_code string
geo.registered_location.is_eu bool
geo.registered_location.metro_code string
geo.registered_location.subdivision string
geo.registered_location.timezone string`),
];

const certificate = (prefix: string, pem: boolean): string[] => [
  ...block(prefix, `
extensions list(Extension)
san string
san.dns_names list(string)
san.email_addresses list(string)
san.ip_addresses list(string)
san.uris list(string)
serial_number string
signature_algorithm string
validity.not_after timestamp
validity.not_before timestamp`),
  ...block(`${prefix}.issuer`, NAME),
  ...block(`${prefix}.subject`, NAME),
  ...(pem ? [`${prefix}.pem string`] : []),
];

const message = (prefix: string): string[] =>
  block(prefix, `
headers map(string, list(string))
trailers map(string, list(string))
location string
content_type string
content_type.parameters map(string, string)
content_type.raw string
content_length int
content_encoding list(string)
cookies map(string, list(Cookie))`);

/** Every documented variable, `<name> <type>`: a name with names below it and a type of its own is a string with fields (`req.url`). */
export const VARIABLE_LINES: readonly string[] = [
  ...block("conn.geo", `
city string
country string
country_code string
latitude string
longitude string
radius string
subdivision string`),
  ...ip("conn.client_ip"),
  ...ip("conn.server_ip"),
  ...block("conn", `
client_port int
server_port int
server_region string
bytes_in int
bytes_out int
ts.start timestamp
tls.cipher_suite string
tls.ja4_fingerprint string
tls.negotiated_alpn string
tls.session_resumed bool
tls.sni string
tls.version string
k8s.pod.id string
k8s.pod.metadata.name string
k8s.pod.metadata.namespace string
k8s.pod.metadata.annotations map(string, string)
k8s.pod.metadata.error_code string
k8s.pod.metadata.error_message string`),
  ...certificate("conn.tls.client", true),
  ...certificate("conn.tls.server", false),
  ...block("endpoint", `
id string
url string
host string
port int
protocol string
addr string`),
  "time.now string",
  ...message("req"),
  ...block("req", `
method string
host string
version string
ts.header_received timestamp
ts.body_received timestamp
url string
url.authority string
url.host string
url.path string
url.port int
url.query string
url.query_params map(string, list(string))
url.raw string
url.raw_path string
url.scheme string
url.uri string
url.user_password string
user_agent string
user_agent.name string
user_agent.version string
user_agent.os string
user_agent.os_version string
user_agent.device string
user_agent.is_mobile bool
user_agent.is_tablet bool
user_agent.is_desktop bool
user_agent.is_bot bool
user_agent.url string`),
  ...message("res"),
  "res.status_code int",
  // The policy's own: set-vars' variables, and what actions report (actions.ngrok.<action>.*).
  "vars map(string, dyn)",
  "actions map(string, dyn)",
];

/** The object types the variables use, each `<field> <type>`. */
export const OBJECT_LINES: Readonly<Record<string, readonly string[]>> = {
  Extension: ["id string", "critical bool", "value bytes"],
  Cookie: [
    "name string",
    "value string",
    "path string",
    "domain string",
    "expires timestamp",
    "max_age duration",
    "secure bool",
    "http_only bool",
    "same_site string",
    "unparsed_attributes map(string, string)",
  ],
};

/** ngrok's macros beyond CEL's standard definitions and the string extension, by signature. */
export const MACROS: readonly string[] = [
  "string.split(string, int) -> list(string)",
  "string.split() -> list(string)",
  ...["Req", "Res"].flatMap((w) => [`get${w}Header(string) -> list(string)`, `has${w}Header(string) -> bool`, `get${w}Cookie(string) -> map(string, dyn)`, `has${w}Cookie(string) -> bool`]),
  "getQueryParam(string) -> list(string)",
  "hasQueryParam(string) -> bool",
  ...["crc32", "crc64", "md5", "sha1", "sha256", "sha512", "xxhash64"].flatMap((h) => [
    `hash.${h}(string) -> string`,
    `hash.${h}(string, string) -> string`,
    `string.${h}() -> string`,
    `string.${h}(string) -> string`,
  ]),
  "rand.double() -> double",
  "rand.int() -> int",
  "rand.int(int, int) -> int",
  "list(dyn).slice(int, int) -> list(dyn)",
  "list(dyn).flatten() -> list(dyn)",
  "list(dyn).flatten(int) -> list(dyn)",
  "list(dyn).sort() -> list(dyn)",
  "list(dyn).distinct() -> list(dyn)",
  "lists.range(int) -> list(int)",
  "list(dyn).encodeJson() -> string",
  "map(string, dyn).encodeJson() -> string",
  "map(string, dyn).encodeQueryString() -> string",
  "string.lower() -> string",
  "string.upper() -> string",
  "string.reverse() -> string",
  "string.decodeBase64() -> string",
  "string.encodeBase64() -> string",
  "string.decodeJson() -> dyn",
  "string.isJson() -> bool",
  "string.decodeQueryString() -> map(string, string)",
  "string.isQueryString() -> bool",
  "string.escapeUrl() -> string",
  "string.unescapeUrl() -> string",
  "string.parseUrl() -> map(string, string)",
  "string.isURL() -> bool",
  "string.isPrivateIp() -> bool",
  "base64.decode(string) -> bytes",
  "base64.encode(bytes) -> string",
  "basic_auth.encode(string, string) -> string",
  "json.decode(string) -> dyn",
  "json.encode(dyn) -> string",
  "queryString.decode(string) -> map(string, string)",
  "queryString.encode(map(string, dyn)) -> string",
  "url.escape(string) -> string",
  "url.unescape(string) -> string",
  "url.parse(string) -> map(string, string)",
  "secrets.get(string, string) -> string",
  "inCidrRange(string, string) -> bool",
  "inCidrRanges(string, list(string)) -> bool",
];

const table = (lines: readonly string[]): Record<string, string> =>
  Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)]));

let declarations: Declarations | undefined;

/** What a policy's CEL may name (loaded with @bufbuild/cel at the first expression checked). */
export function celDeclarations(): Declarations {
  if (declarations === undefined) {
    const { celEnv } = require("@bufbuild/cel") as typeof import("@bufbuild/cel");
    const { strings } = require("@bufbuild/cel/ext") as typeof import("@bufbuild/cel/ext");
    const { overloadFromText, overloadsOf, variablesFromTable } = require("../../cel/check") as typeof import("../../cel/check");
    const objects = Object.fromEntries(Object.entries(OBJECT_LINES).map(([name, lines]) => [name, table(lines)]));
    const macros: Overload[] = MACROS.map((s) => overloadFromText(s));
    // A macro declared with the same signature as a standard function replaces it (ngrok's split keeps at most n parts).
    const key = (o: Overload): string => `${o.target === undefined ? "" : JSON.stringify(o.target)}.${o.name}(${JSON.stringify(o.args)})`;
    const own = new Set(macros.map(key));
    const overloads = [...overloadsOf(celEnv({ funcs: [...strings] })).filter((o) => !own.has(key(o))), ...macros];
    declarations = { variables: variablesFromTable(table(VARIABLE_LINES), objects), overloads };
  }
  return declarations;
}


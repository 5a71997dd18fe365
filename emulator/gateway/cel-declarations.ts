// What a Traffic Policy's CEL may name, with the types ngrok's variables pages give
// (https://ngrok.com/docs/traffic-policy/variables/): the expressions and `${...}` of a policy
// are type-checked against it (cel/check.ts) when the policy is saved, so that a rule that could
// only fail when it runs (an undeclared variable or function, a string compared with a number,
// an expression that is not a bool) is refused up front. The functions are those the gateway
// evaluates with: CEL's standard ones, @bufbuild/cel's string extension and ngrok's macros
// (cel-functions.ts). The provider keeps its own table; a test holds the two in step.
import { celEnv } from "@bufbuild/cel";
import { strings } from "@bufbuild/cel/ext";
import { overloadsOf, variablesFromTable, type Declarations } from "../../cel/check";
import { ngrokFunctions } from "./cel-functions";

const NAME = {
  "": "string",
  common_name: "string",
  country: "list(string)",
  locality: "list(string)",
  organization: "list(string)",
  organizational_unit: "list(string)",
  postal_code: "list(string)",
  province: "list(string)",
  street_address: "list(string)",
};
const LOCATION = {
  city: "string",
  continent: "string",
  country: "string",
  country_code: "string",
  is_eu: "bool",
  latitude: "string",
  longitude: "string",
  metro_code: "string",
  postal_code: "string",
  radius: "string",
  subdivision: "string",
  timezone: "string",
};
const REGISTERED = { city: "string", continent: "string", country: "string", country_code: "string", is_eu: "bool", metro_code: "string", subdivision: "string", timezone: "string" };

const under = (prefix: string, table: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k === "" ? prefix : `${prefix}.${k}`, v]));

function ip(prefix: string): Record<string, string> {
  return {
    [prefix]: "string",
    [`${prefix}.categories`]: "list(string)",
    [`${prefix}.is_on_blocklist`]: "bool",
    [`${prefix}.is_tor_node`]: "bool",
    [`${prefix}.as.number`]: "int",
    [`${prefix}.as.organization`]: "string",
    ...under(`${prefix}.geo.location`, LOCATION),
    ...under(`${prefix}.geo.registered_location`, REGISTERED),
  };
}

function certificate(prefix: string, pem: boolean): Record<string, string> {
  return {
    [`${prefix}.extensions`]: "list(Extension)",
    ...under(`${prefix}.issuer`, NAME),
    ...under(`${prefix}.subject`, NAME),
    [`${prefix}.san`]: "string",
    [`${prefix}.san.dns_names`]: "list(string)",
    [`${prefix}.san.email_addresses`]: "list(string)",
    [`${prefix}.san.ip_addresses`]: "list(string)",
    [`${prefix}.san.uris`]: "list(string)",
    [`${prefix}.serial_number`]: "string",
    [`${prefix}.signature_algorithm`]: "string",
    [`${prefix}.validity.not_after`]: "timestamp",
    [`${prefix}.validity.not_before`]: "timestamp",
    ...(pem ? { [`${prefix}.pem`]: "string" } : {}),
  };
}

function message(prefix: string): Record<string, string> {
  return {
    [`${prefix}.headers`]: "map(string, list(string))",
    [`${prefix}.trailers`]: "map(string, list(string))",
    [`${prefix}.location`]: "string",
    [`${prefix}.content_type`]: "string",
    [`${prefix}.content_type.parameters`]: "map(string, string)",
    [`${prefix}.content_type.raw`]: "string",
    [`${prefix}.content_length`]: "int",
    [`${prefix}.content_encoding`]: "list(string)",
    [`${prefix}.cookies`]: "map(string, list(Cookie))",
  };
}

/** Each variable by its dotted name, its type as CEL writes it (a capitalised name is one of OBJECTS). */
export const VARIABLES: Readonly<Record<string, string>> = {
  ...under("conn.geo", { city: "string", country: "string", country_code: "string", latitude: "string", longitude: "string", radius: "string", subdivision: "string" }),
  ...ip("conn.client_ip"),
  ...ip("conn.server_ip"),
  "conn.client_port": "int",
  "conn.server_port": "int",
  "conn.server_region": "string",
  "conn.bytes_in": "int",
  "conn.bytes_out": "int",
  "conn.ts.start": "timestamp",
  "conn.tls.cipher_suite": "string",
  "conn.tls.ja4_fingerprint": "string",
  "conn.tls.negotiated_alpn": "string",
  "conn.tls.session_resumed": "bool",
  "conn.tls.sni": "string",
  "conn.tls.version": "string",
  ...certificate("conn.tls.client", true),
  ...certificate("conn.tls.server", false),
  "conn.k8s.pod.id": "string",
  "conn.k8s.pod.metadata.name": "string",
  "conn.k8s.pod.metadata.namespace": "string",
  "conn.k8s.pod.metadata.annotations": "map(string, string)",
  "conn.k8s.pod.metadata.error_code": "string",
  "conn.k8s.pod.metadata.error_message": "string",
  "endpoint.id": "string",
  "endpoint.url": "string",
  "endpoint.host": "string",
  "endpoint.port": "int",
  "endpoint.protocol": "string",
  "endpoint.addr": "string",
  "time.now": "string",
  ...message("req"),
  "req.method": "string",
  "req.host": "string",
  "req.version": "string",
  "req.ts.header_received": "timestamp",
  "req.ts.body_received": "timestamp",
  "req.url": "string",
  ...under("req.url", {
    authority: "string",
    host: "string",
    path: "string",
    port: "int",
    query: "string",
    query_params: "map(string, list(string))",
    raw: "string",
    raw_path: "string",
    scheme: "string",
    uri: "string",
    user_password: "string",
  }),
  "req.user_agent": "string",
  ...under("req.user_agent", {
    name: "string",
    version: "string",
    os: "string",
    os_version: "string",
    device: "string",
    is_mobile: "bool",
    is_tablet: "bool",
    is_desktop: "bool",
    is_bot: "bool",
    url: "string",
  }),
  ...message("res"),
  "res.status_code": "int",
  // Set by set-vars, and by the actions that report what they did (actions.ngrok.<action>.*): the policy's own.
  vars: "map(string, dyn)",
  actions: "map(string, dyn)",
};

/** The named object types of VARIABLES, each by its fields. */
export const OBJECTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Extension: { id: "string", critical: "bool", value: "bytes" },
  Cookie: {
    name: "string",
    value: "string",
    path: "string",
    domain: "string",
    expires: "timestamp",
    max_age: "duration",
    secure: "bool",
    http_only: "bool",
    same_site: "string",
    unparsed_attributes: "map(string, string)",
  },
};

let declarations: Declarations | undefined;

/** What a policy's CEL may name. */
export function celDeclarations(): Declarations {
  if (declarations === undefined) {
    const none = () => {
      throw new Error("declarations are never evaluated");
    };
    const env = celEnv({ funcs: [...strings, ...ngrokFunctions({ reqHeaders: none, resHeaders: none, queryParams: none, reqCookies: none, resCookies: none, secret: none, random: none })] });
    declarations = { variables: variablesFromTable(VARIABLES, OBJECTS), overloads: overloadsOf(env).filter((o) => !o.name.startsWith("@sortByKeys")) };
  }
  return declarations;
}

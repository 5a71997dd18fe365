import type { z } from "zod";
import { containsUnknown } from "../engine/values";
import type { PolicyTarget } from "../policy/validate";
import { PolicyValue } from "../policy/value";
import { createdAt, description, metadata, refType, uri } from "./common";
import { apiPolicy, givenPolicy, policySplitter, policyType } from "./policy-input";
import type { BoundDefinition } from "../contract";

const SCHEMES = ["http", "https", "tcp", "tls"];
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: "80", https: "443", tls: "443" };
const URL_FORM = /^([a-z][a-z0-9+.-]*):\/\/([^/:?#\s]+)(?::(\d+))?\/?$/i;

/**
 * A cloud endpoint's URL as the service stores it: scheme and host lower-cased, `https://` when
 * no scheme is given, the scheme's default port dropped, no trailing slash.
 */
export function normalizeEndpointUrl(value: unknown): unknown {
  if (typeof value !== "string") return value;
  let text = value.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  const m = URL_FORM.exec(text);
  if (!m) return value;
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase().replace(/\.$/, "");
  const port = m[3] !== undefined && m[3] !== DEFAULT_PORTS[scheme] ? `:${Number(m[3])}` : "";
  return `${scheme}://${host}${port}`;
}

/** What a known URL allows a policy (its scheme, whether it is internal). */
function targetOf(url: unknown): PolicyTarget | undefined {
  if (typeof url !== "string" || containsUnknown(url)) return undefined;
  const m = URL_FORM.exec(String(normalizeEndpointUrl(url)));
  if (!m || !SCHEMES.includes(m[1]!)) return undefined;
  return { scheme: m[1]!, internal: m[2]!.endsWith(".internal"), cloud: true };
}

const endpointUrl = (zod: typeof z) =>
  zod.string().superRefine((value, ctx) => {
    const m = URL_FORM.exec(String(normalizeEndpointUrl(value)));
    if (!m) return void ctx.addIssue({ code: "custom", message: "is not an endpoint URL such as https://app.example.com or tcp://1.tcp.ngrok.io:20000" });
    if (!SCHEMES.includes(m[1]!)) ctx.addIssue({ code: "custom", message: `must use one of the schemes ${SCHEMES.join(", ")}` });
    else if (m[1] === "tcp" && m[3] === undefined) ctx.addIssue({ code: "custom", message: "must give a port for tcp (the scheme has no default)" });
    // The service serves https cloud endpoints on 443 only (ERR_NGROK_18023); the normal form drops it.
    else if (m[1] === "https" && m[3] !== undefined) ctx.addIssue({ code: "custom", message: "must use port 443 for https, the only port the service serves https cloud endpoints on" });
  });

const trafficPolicyType = policyType({
  secrets: "trafficPolicySecrets",
  target: (inputs) => targetOf(inputs["url"]),
  tsInput: "TrafficPolicyInput | string | SharedPolicy",
});

export const cloudEndpoint: BoundDefinition = {
  name: "CloudEndpoint",
  description:
    "A cloud endpoint: an ngrok URL served by its Traffic Policy alone, with no agent behind it, which forwards to internal " +
    "endpoints (`forward-internal`), answers (`custom-response`, `redirect`) or authenticates, limits and rewrites on the way. " +
    "It replaces HTTPS and TLS edges: edge modules are policy actions, routes are expressions. Its URL's domain must be a " +
    "reserved domain of the account (a `ReservedDomain` of the program is the usual parent), unless the host ends in " +
    "`.internal`. The policy is validated at preview (phases, actions, configuration fields, CEL expressions, what the " +
    "URL's scheme allows); written as an object, YAML or JSON, the same policy is the same, and its credentials are kept " +
    "encrypted in state.",
  properties: {
    url: {
      type: { kind: "string", nonEmpty: true, refine: endpointUrl },
      description:
        "The endpoint's URL: `https://app.example.com`, `tcp://1.tcp.ngrok.io:20000`, `https://api.internal`. Compared as the " +
        "service stores it (scheme and host lower-cased, default port dropped).",
      input: { api: "url", required: true, onChange: "replace", unset: "clear" },
      normalize: normalizeEndpointUrl,
      present: true,
    },
    trafficPolicy: {
      type: trafficPolicyType,
      description:
        "The Traffic Policy: a typed object (`{ onHttpRequest: [{ actions: [{ type: \"custom-response\", config: { statusCode: 200 } }] }] }`), " +
        "or its YAML or JSON text as ngrok's documentation writes it. Its credentials (basic-auth `credentials`, OAuth and OpenID " +
        "Connect `clientSecret`, webhook `secret`, a TLS `serverPrivateKey`) are kept in `trafficPolicySecrets`; the output is the " +
        "policy the API holds, in the typed form, without them.",
      input: { api: "traffic_policy", required: true, onChange: "update", unset: "clear" },
      normalize: (value) => PolicyValue.of(value).key(),
      toApi: (inputs) => givenPolicy(inputs["trafficPolicy"], inputs["trafficPolicySecrets"]).apiText(),
      fromApi: (api) => apiPolicy(api["traffic_policy"])?.typed(),
      present: true,
    },
    trafficPolicySecrets: {
      type: { kind: "map", values: { kind: "string" } },
      description:
        "The policy's credentials, by their place in it (`onHttpRequest[0].actions[1].config.clientSecret`): set by the class from " +
        "`trafficPolicy`, each value a secret, so that a preview shows which action's credential changed and never its value.",
      input: { api: "traffic_policy", onChange: "update", unset: "clear", carriedBy: "trafficPolicy" },
      fromApi: (api) => apiPolicy(api["traffic_policy"])?.secrets(),
      secret: true,
      setBySdk: true,
    },
    bindings: {
      type: { kind: "array", items: { kind: "string", enum: ["public", "internal", "kubernetes"] }, maxItems: 1 },
      description: "Where the endpoint is reachable: `public`, `internal` or `kubernetes`. When unset, the service chooses from the URL (`internal` for a `.internal` host).",
      input: { api: "bindings", onChange: "update", unset: "computed" },
    },
    poolingEnabled: {
      type: { kind: "boolean" },
      description: "Whether other endpoints may share the URL, the service balancing traffic among them. Default `false`.",
      input: { api: "pooling_enabled", onChange: "update", unset: "clear" },
    },
    description: description("What the endpoint is for."),
    metadata: metadata(),
    type: {
      type: { kind: "string", enum: ["cloud"] },
      description: "The endpoint's type: `cloud`, the only type the API creates (and the default).",
      input: { api: "type", onChange: "replace", unset: "computed", createDefault: "cloud", updatable: false },
    },
    uri,
    createdAt,
    updatedAt: { type: { kind: "string" }, api: "updated_at", description: "When the endpoint was last changed (RFC 3339)." },
    publicUrl: { type: { kind: "string" }, api: "public_url", description: "The URL the endpoint serves, as the API answers it." },
    scheme: { type: { kind: "string" }, api: "scheme", description: "The URL's scheme." },
    host: { type: { kind: "string" }, api: "host", description: "The URL's host." },
    port: { type: { kind: "integer" }, api: "port", description: "The URL's port." },
    hostport: { type: { kind: "string" }, api: "hostport", description: "`host:port`." },
    proto: { type: { kind: "string" }, api: "proto", description: "The protocol served: `http`, `https`, `tcp` or `tls`." },
    domain: { type: refType, api: "domain", description: "The reserved domain the URL is on; absent for internal endpoints." },
  },
  rules: [
    {
      properties: ["bindings", "url"],
      summary: "`internal` binds a `.internal` host, and only it (ERR_NGROK_18007).",
      violated(inputs) {
        const bindings = Array.isArray(inputs["bindings"]) ? (inputs["bindings"] as unknown[]) : [];
        const target = targetOf(inputs["url"]);
        if (!target || bindings.length === 0) return undefined;
        if (target.internal && bindings.includes("public")) return "bindings cannot be public for a url whose host ends in .internal";
        if (!target.internal && bindings.includes("internal")) return "bindings can be internal only for a url whose host ends in .internal";
        return undefined;
      },
    },
  ],
  example: `const domain = new ngrok.ReservedDomain("app", { domain: "app.example.com" });
const app = new ngrok.CloudEndpoint("app", {
    url: pulumi.interpolate\`https://\${domain.domain}\`,
    trafficPolicy: {
        onHttpRequest: [
            { expressions: ["req.url.path.startsWith('/admin')"], actions: [{ type: "deny", config: { statusCode: 404 } }] },
            { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
        ],
    },
}, { parent: domain });`,
  // The service keeps one cloud endpoint per URL (ERR_NGROK_18009) unless they pool.
  uniqueKey: "url",
  // Pooled endpoints share a url: a lookup by url that matches several names their ids.
  lookupKey: ["url"],
  listedWith: { type: "cloud" },
  sdkPrepare: { module: "./policy", name: "preparePolicyInputs" },
  prepareInputs: policySplitter("trafficPolicy", "trafficPolicySecrets"),
  binding: {
    kind: "collection",
    path: "/endpoints",
    idPrefix: "ep",
    listKey: "endpoints",
    errorHints: {
      ERR_NGROK_18006:
        "url's domain must be reserved by the account: create a ReservedDomain for it (a TcpAddress for a tcp url, whose addr is its host:port), or use a .internal host",
      ERR_NGROK_18023: "an https url serves on port 443 only",
      ERR_NGROK_18009: "the account already has a cloud endpoint on this url: set poolingEnabled on both to share it",
      ERR_NGROK_18002: "trafficPolicy is not what the service accepts",
    },
  },
};

/**
 * What edges, routes and their modules share. A module is a singleton configuration of one route
 * (or TLS edge) with no id of its own: its resource id is `<edgeId>/<routeId>` (or `<edgeId>`),
 * the module being implied by the resource type. It is written whole with PUT, read with GET and
 * removed with DELETE (https://ngrok.com/docs/api).
 */
import { refType } from "../common";
import type { CrossFieldRule, ParentResource, PropertySpec, Props, BoundDefinition } from "../../contract";

const UINT32_MAX = 4294967295;

/** An unsigned 32-bit field of a module; absent, the service applies its default. */
export function uint32(description: string, max = UINT32_MAX): PropertySpec {
  return {
    type: { kind: "integer", min: 0, max },
    description: `${description} When unset, the service's default applies.`,
    input: { api: "", onChange: "update", unset: "computed" },
  };
}

/** `input.api` filled from the property's snake_case name, so definitions name each field once. */
export function withApiNames(properties: Record<string, PropertySpec>): Record<string, PropertySpec> {
  return Object.fromEntries(
    Object.entries(properties).map(([name, p]) => {
      if (!p.input || p.input.api !== "") return [name, p];
      return [name, { ...p, input: { ...p.input, api: name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) } }];
    }),
  );
}

export const enabled: PropertySpec = {
  type: { kind: "boolean" },
  description: "Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`.",
  input: { api: "enabled", onChange: "update", unset: "clear", default: true },
};

const hostport = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?:[0-9]{1,5}$/i;

/** An edge's `hostports`: each `<reserved domain>:<port>`. */
export const hostports: PropertySpec = {
  type: {
    kind: "array",
    items: {
      kind: "string",
      refine: (zod) =>
        zod.string().refine((v) => hostport.test(v) && validPort(v.slice(v.lastIndexOf(":") + 1)), {
          message: "is not a hostport: expected `<domain>:<port>`, such as `app.example.com:443`",
        }),
    },
  },
  description:
    "The `<domain>:<port>` addresses the edge serves, such as `app.example.com:443`. Each domain must be reserved by the account " +
    "(a ReservedDomain), and a hostport serves one edge at a time. Stored lower-cased.",
  input: { api: "hostports", onChange: "update", unset: "clear" },
  reference: true,
  normalize: (v) => (Array.isArray(v) ? v.map((h) => (typeof h === "string" ? h.toLowerCase() : h)) : v),
};

function validPort(port: string): boolean {
  const n = Number(port);
  return Number.isInteger(n) && n >= 1 && n <= 65535;
}

/** How the API's hostport errors read in the program's terms. */
export const hostportErrorHints: Readonly<Record<string, string>> = {
  ERR_NGROK_7117: "hostports: reserve each hostport's domain first (a ReservedDomain in this program, or in the dashboard)",
  ERR_NGROK_7118: "hostports: a hostport's domain is reserved by another account",
  ERR_NGROK_381: "hostports: a hostport is already served by another edge of the account; remove it there first",
};

/** An input naming the edge or route a resource belongs to: in the path, immutable. */
export function keyInput(description: string, prefix: string): PropertySpec {
  return {
    type: { kind: "string", idPrefix: prefix },
    description,
    input: { api: "", onChange: "replace", unset: "clear", required: true },
  };
}

const routeKeys: Record<string, PropertySpec> = {
  edgeId: keyInput("The HTTPS edge (`edghts_...`) of the route.", "edghts"),
  routeId: keyInput("The route (`edghtsrt_...`) the module applies to.", "edghtsrt"),
};

const tlsEdgeKey: Record<string, PropertySpec> = {
  edgeId: keyInput("The TLS edge (`edgtls_...`) the module applies to.", "edgtls"),
};

const routeParent: ParentResource = { kind: "HttpsEdgeRoute", arg: "route", fills: { edgeId: "edgeId", routeId: "id" } };
const tlsEdgeParent: ParentResource = { kind: "TlsEdge", arg: "edge", fills: { edgeId: "id" } };

export interface ModuleSpec {
  /** The resource type, e.g. "HttpsEdgeRouteOidc". */
  name: string;
  /** The path segment naming the module, e.g. "oidc". */
  module: string;
  description: string;
  /** The module's own fields (`enabled` is added); an `input.api` of "" is the snake_case name. */
  properties: Record<string, PropertySpec>;
  rules?: readonly CrossFieldRule[];
  example: string;
}

/** A module of an HTTPS edge route: id `<edgeId>/<routeId>`, child of its HttpsEdgeRoute. */
export function routeModule(spec: ModuleSpec): BoundDefinition {
  return {
    name: spec.name,
    description:
      `${spec.description}\n\nA module of an HTTPS edge route: one per route, with no id of its own. Its id is \`<edgeId>/<routeId>\` ` +
      "(the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the route.",
    binding: { kind: "slot", path: `/edges/https/{edgeId}/routes/{routeId}/${spec.module}` },
    parentResource: routeParent,
    properties: withApiNames({ ...routeKeys, enabled, ...spec.properties }),
    ...(spec.rules ? { rules: spec.rules } : {}),
    example: spec.example,
  };
}

/** A module of a TLS edge: id `<edgeId>`, child of its TlsEdge. */
export function tlsEdgeModule(spec: ModuleSpec): BoundDefinition {
  return {
    name: spec.name,
    description:
      `${spec.description}\n\nA module of a TLS edge: one per edge, with no id of its own. Its id is the edge's id, \`<edgeId>\` ` +
      "(the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the edge.",
    binding: { kind: "slot", path: `/edges/tls/{edgeId}/${spec.module}` },
    parentResource: tlsEdgeParent,
    properties: withApiNames({ ...tlsEdgeKey, enabled, ...spec.properties }),
    ...(spec.rules ? { rules: spec.rules } : {}),
    example: spec.example,
  };
}

/** The IP restriction modules' input and output. */
export const ipRestrictionProperties: Record<string, PropertySpec> = {
  ipPolicyIds: {
    type: { kind: "array", items: { kind: "string", idPrefix: "ipp" } },
    description: "The IP policies (`ipp_...`) that decide whether a source IP may connect. At least one.",
    input: { api: "ip_policy_ids", onChange: "update", unset: "clear", required: true },
    // The API answers references (`ip_policies`); a policy listed twice is one policy.
    fromApi: (api) => refIds(api.ip_policies),
    normalize: (v) => (Array.isArray(v) ? [...new Set(v)] : v),
  },
  ipPolicies: {
    type: { kind: "array", items: refType },
    api: "ip_policies",
    present: true,
    description: "References to the IP policies applied.",
  },
};

export const ipRestrictionRules: readonly CrossFieldRule[] = [
  {
    properties: ["ipPolicyIds"],
    summary: "`ipPolicyIds` names at least one IP policy.",
    violated: (inputs: Props) =>
      Array.isArray(inputs.ipPolicyIds) && inputs.ipPolicyIds.length === 0 ? "ipPolicyIds must name at least one IP policy" : undefined,
  },
];

function refIds(refs: unknown): string[] | undefined {
  if (!Array.isArray(refs)) return undefined;
  return refs.map((r) => (r && typeof r === "object" ? (r as { id?: unknown }).id : undefined)).filter((id): id is string => typeof id === "string");
}

export function stringList(description: string): PropertySpec {
  return { type: { kind: "array", items: { kind: "string" } }, description, input: { api: "", onChange: "update", unset: "clear" } };
}

// Kubernetes operators (`/kubernetes_operators`, ids `k8sop_`): the ngrok Kubernetes Operator
// registers itself here and reads the endpoints bound to its cluster
// (`/kubernetes_operators/{id}/bound_endpoints`). The API reference documents them
// (https://ngrok.com/docs/api-reference/kubernetes-operators/), as does ngrok-api-go v8.
import { z } from "zod";
import { common, type CollectionDef, type Ctx } from "../collection";
import { str } from "../../shared/fields";
import { badValue } from "../../shared/errors";
import { rfc3339 } from "../../shared/ids";
import type { Rec } from "../../shared/store";
import { description, metadata, type Json, type JsonObject } from "../../shared/validate";

const FEATURES = ["bindings", "ingress", "gateway"] as const;

const deployment = z.strictObject({
  name: z.string().optional(),
  namespace: z.string().optional(),
  version: z.string().optional(),
  cluster_name: z.string().optional(),
});
const binding = z.strictObject({
  endpoint_selectors: z.array(z.string()).optional(),
  csr: z.string().optional(),
  ingress_endpoint: z.string().optional(),
});

function features(input: Json | undefined): string[] {
  const list = Array.isArray(input) ? input.map(String) : [];
  for (const f of list) {
    if (!(FEATURES as readonly string[]).includes(f)) throw badValue(`Invalid value for 'enabled_features': '${f}' is not one of ${FEATURES.join(", ")}.`);
  }
  return [...new Set(list)];
}

/** The Bindings feature's configuration: given only with the feature on. */
function bindingOf(input: Json | undefined, enabled: readonly string[], prior: Json | undefined): JsonObject | null {
  if (input === undefined || input === null) return enabled.includes("bindings") ? ((prior as JsonObject | null | undefined) ?? { endpoint_selectors: ["true"] }) : null;
  if (!enabled.includes("bindings")) throw badValue("Invalid value for 'binding': it is set only with the 'bindings' feature enabled.");
  const b = input as JsonObject;
  const selectors = Array.isArray(b["endpoint_selectors"]) ? b["endpoint_selectors"].map(String) : ["true"];
  if (selectors.some((s) => s.trim() === "")) throw badValue("Invalid value for 'binding.endpoint_selectors': a selector must not be empty.");
  return { endpoint_selectors: selectors, ingress_endpoint: str(b["ingress_endpoint"]) };
}

function deploymentOf(input: Json | undefined, prior: JsonObject = {}): JsonObject {
  const d = (input ?? {}) as JsonObject;
  const pick = (k: string) => (d[k] !== undefined ? str(d[k]) : str(prior[k]));
  return { name: pick("name"), namespace: pick("namespace"), version: pick("version"), cluster_name: pick("cluster_name") };
}

function region(input: Json | undefined): string {
  const r = str(input).trim();
  return r === "" ? "global" : r;
}

/**
 * The account's endpoints bound to Kubernetes (`bindings: ["kubernetes"]`), for an operator with
 * the Bindings feature on. Its selectors are kept as given and not evaluated: every such endpoint
 * is listed, as for an operator whose selector is the default `true`.
 */
function boundEndpoints(rec: Rec, ctx: Ctx): JsonObject[] {
  if (!(rec.data["enabled_features"] as string[]).includes("bindings")) return [];
  return ctx.store
    .all("endpoints")
    .filter((e) => Array.isArray(e.data["bindings"]) && (e.data["bindings"] as Json[]).includes("kubernetes"))
    .reverse()
    .map((e) => ctx.shapeOf("endpoints", e));
}

export const kubernetesOperators: CollectionDef = {
  kind: "kubernetes_operators",
  path: "/kubernetes_operators",
  prefix: "k8sop",
  listKey: "operators",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    enabled_features: z.array(z.string()).optional(),
    region: z.string().optional(),
    deployment: deployment.optional(),
    binding: binding.optional(),
  }),
  create(input, ctx) {
    const enabled = features(input["enabled_features"]);
    const at = rfc3339(ctx.now);
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        enabled_features: enabled,
        region: region(input["region"]),
        deployment: deploymentOf(input["deployment"]),
        binding: bindingOf(input["binding"], enabled, undefined),
        principal_id: ctx.store.userId,
        updated_at: at,
      },
    };
  },
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    enabled_features: z.array(z.string()).optional(),
    region: z.string().optional(),
    deployment: deployment.pick({ name: true, version: true }).optional(),
    binding: binding.optional(),
  }),
  update(rec, input, ctx) {
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = str(input[key]);
    if (input["enabled_features"] !== undefined) rec.data["enabled_features"] = features(input["enabled_features"]);
    if (input["region"] !== undefined) rec.data["region"] = region(input["region"]);
    if (input["deployment"] !== undefined) rec.data["deployment"] = deploymentOf(input["deployment"], rec.data["deployment"] as JsonObject);
    rec.data["binding"] = bindingOf(input["binding"], rec.data["enabled_features"] as string[], rec.data["binding"]);
    rec.data["updated_at"] = rfc3339(ctx.now);
  },
  itemRoutes: [
    {
      method: "GET",
      path: "bound_endpoints",
      handle: (rec, _req, ctx) => ({
        status: 200,
        body: { endpoints: boundEndpoints(rec, ctx), uri: `${ctx.uriOf("kubernetes_operators", rec)}/bound_endpoints`, next_page_uri: null },
      }),
    },
  ],
  shape(rec, ctx) {
    const b = rec.data["binding"] as JsonObject | null;
    return {
      ...common(kubernetesOperators, rec, ctx),
      updated_at: str(rec.data["updated_at"]),
      principal: { id: str(rec.data["principal_id"]), uri: "" },
      enabled_features: rec.data["enabled_features"] as string[],
      region: str(rec.data["region"]),
      deployment: rec.data["deployment"] as JsonObject,
      // The certificate is issued to the operator's CSR over its own channel: the API answers it empty.
      binding:
        b === null
          ? null
          : {
              endpoint_selectors: b["endpoint_selectors"] as string[],
              cert: { cert: "", not_before: "0001-01-01T00:00:00Z", not_after: "0001-01-01T00:00:00Z" },
              ...(str(b["ingress_endpoint"]) !== "" ? { ingress_endpoint: str(b["ingress_endpoint"]) } : {}),
            },
    };
  },
};

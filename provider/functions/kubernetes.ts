/**
 * Lookups of the Kubernetes operators registered with the account, and of the endpoints bound to
 * an operator's cluster. The ngrok Kubernetes Operator registers itself and keeps its record up
 * to date (https://ngrok.com/docs/api-reference/kubernetes-operators/), so programs read them
 * instead of managing them: `getKubernetesOperator`, `getKubernetesOperators` and
 * `getKubernetesOperatorBoundEndpoints`.
 */
import { ApiError } from "../client/errors";
import { refType } from "../definitions/common";
import type { ApiObject, ObjectType, Props, TypeSpec } from "../contract";
import { fromApiValue } from "../engine/values";
import { field, getFunction, listFunction, type LiveView } from "./live";
import type { FunctionDefinition } from "./types";

const str: TypeSpec = { kind: "string" };
const features = ["bindings", "ingress", "gateway"] as const;

const deploymentType: ObjectType = {
  kind: "object",
  name: "KubernetesOperatorDeployment",
  description: "Where an operator runs.",
  properties: {
    name: field("name", str, "The deployment's name."),
    namespace: field("namespace", str, "The namespace the operator is deployed to."),
    version: field("version", str, "The operator's version."),
    clusterName: field("cluster_name", str, "The name its user gave the cluster."),
  },
};

const bindingType: ObjectType = {
  kind: "object",
  name: "KubernetesOperatorBinding",
  description: "The operator's Bindings feature: which Kubernetes-bound endpoints it projects into its cluster.",
  properties: {
    endpointSelectors: field("endpoint_selectors", { kind: "array", items: str }, "CEL expressions that select the Kubernetes-bound endpoints it projects."),
    ingressEndpoint: field("ingress_endpoint", str, "The operator's public ingress endpoint."),
  },
};

export const kubernetesOperatorType: ObjectType = {
  kind: "object",
  name: "KubernetesOperator",
  description: "A Kubernetes operator registered with the account.",
  properties: {
    id: field("id", str, "The operator's id (`k8sop_...`).", true),
    uri: field("uri", str, "The operator's address in the API.", true),
    createdAt: field("created_at", str, "When the operator registered (RFC 3339).", true),
    updatedAt: field("updated_at", str, "When its record last changed (RFC 3339)."),
    description: field("description", str, "What the operator is for."),
    metadata: field("metadata", str, "User-defined data."),
    principal: field("principal", refType, "Who registered it (a user or a service user)."),
    enabledFeatures: field("enabled_features", { kind: "array", items: { kind: "string", enum: features } }, "Its features: `bindings`, `ingress`, `gateway`.", true),
    region: field("region", str, "The region its ingress is served in (`global` by default)."),
    deployment: field("deployment", deploymentType, "Where it runs."),
    binding: field("binding", bindingType, "Its Bindings feature, when enabled."),
  },
};

const boundEndpointType: ObjectType = {
  kind: "object",
  name: "BoundEndpoint",
  description: "An endpoint bound to a Kubernetes cluster.",
  properties: {
    id: field("id", str, "The endpoint's id (`ep_...`).", true),
    uri: field("uri", str, "The endpoint's address in the API.", true),
    url: field("url", str, "The endpoint's URL.", true),
    type: field("type", str, "What serves it: `cloud` or `agent`.", true),
    bindings: field("bindings", { kind: "array", items: str }, "Where it is reachable (`kubernetes`)."),
    poolingEnabled: field("pooling_enabled", { kind: "boolean" }, "Whether other endpoints share its URL."),
    description: field("description", str, "What the endpoint is for."),
    metadata: field("metadata", str, "User-defined data."),
    createdAt: field("created_at", str, "When it was created (RFC 3339)."),
  },
};

const view: LiveView = {
  type: kubernetesOperatorType,
  noun: "Kubernetes operator",
  state: "registered",
  path: "/kubernetes_operators",
  idPrefix: "k8sop",
  listKey: "operators",
  listField: "kubernetesOperators",
  filters: {
    feature: {
      type: { kind: "string", enum: features },
      description: "Only operators with this feature enabled.",
      matches: (item, v) => Array.isArray(item.enabledFeatures) && item.enabledFeatures.includes(v),
    },
    clusterName: {
      type: str,
      description: "Only operators deployed to the cluster of this name.",
      matches: (item, v) => (item.deployment as Props | undefined)?.clusterName === v,
    },
  },
  getExample: `const operator = await ngrok.getKubernetesOperator({ id: "k8sop_..." });`,
  listExample: `const clusters = ngrok.getKubernetesOperatorsOutput({ feature: "bindings" });
export const operatorIds = clusters.ids;`,
};

export const getKubernetesOperator = getFunction(view);
export const getKubernetesOperators = listFunction(view);

export const getKubernetesOperatorBoundEndpoints: FunctionDefinition = {
  name: "getKubernetesOperatorBoundEndpoints",
  kind: "lookup",
  description:
    "Lists the endpoints bound to a Kubernetes operator's cluster (`bindings: [\"kubernetes\"]`, selected by its " +
    "`endpointSelectors`), every page. Fails when no such operator is registered.",
  inputs: { id: { type: str, required: true, description: "The operator's id (`k8sop_...`)." } },
  outputs: {
    endpoints: { type: { kind: "array", items: boundEndpointType }, present: true, description: "The bound endpoints, newest first." },
    ids: { type: { kind: "array", items: str }, present: true, description: "Their ids, in the same order." },
  },
  example: `const operator = await ngrok.getKubernetesOperator({ id: "k8sop_..." });
const bound = ngrok.getKubernetesOperatorBoundEndpointsOutput({ id: operator.id });
export const boundUrls = bound.endpoints.apply((es) => es.map((e) => e.url));`,
  async run(ctx, args) {
    const id = args.id as string;
    if (!/^k8sop_[0-9A-Za-z]+$/.test(id)) throw new Error("getKubernetesOperatorBoundEndpoints: id must be a Kubernetes operator id (k8sop_...)");
    const items: Props[] = [];
    try {
      for await (const api of ctx.client.list<ApiObject>(`/kubernetes_operators/${encodeURIComponent(id)}/bound_endpoints`, "endpoints")) {
        items.push((fromApiValue(boundEndpointType, api) ?? {}) as Props);
      }
    } catch (err) {
      if (err instanceof ApiError && err.notFound) throw err.with({ hint: `a Kubernetes operator ${id} is not registered (not found)` });
      throw err;
    }
    return { endpoints: items, ids: items.map((i) => i.id) };
  },
};

import { createdAt, description, metadata, uri } from "../common";
import { keyInput, withApiNames } from "./edge-common";
import type { BoundDefinition } from "../../contract";

export const httpsEdgeRoute: BoundDefinition = {
  name: "HttpsEdgeRoute",
  description:
    "A route of an HTTPS edge: the requests whose path matches it get its modules (HttpsEdgeRouteOidc, HttpsEdgeRouteCircuitBreaker, ...). " +
    "`get` takes the route's id and its `edgeId`.",
  binding: {
    kind: "sub-collection",
    path: "/edges/https/{edgeId}/routes",
    parent: { path: "/edges/https/{edgeId}", key: "routes" },
    item: { idPrefix: "edghtsrt" },
  },
  parentResource: { kind: "HttpsEdge", arg: "edge", fills: { edgeId: "id" } },
  properties: withApiNames({
    edgeId: keyInput("The HTTPS edge (`edghts_...`) the route belongs to.", "edghts"),
    matchType: {
      type: { kind: "string", enum: ["exact_path", "path_prefix"] },
      description: "How `match` is compared with the request path: `exact_path` or `path_prefix`.",
      input: { api: "match_type", required: true, onChange: "update", unset: "clear" },
    },
    match: {
      type: {
        kind: "string",
        refine: (zod) => zod.string().refine((v) => v.startsWith("/"), { message: "must be a path beginning with `/`" }),
      },
      description: "The path (or path prefix) the route matches, beginning with `/`.",
      input: { api: "match", required: true, onChange: "update", unset: "clear" },
    },
    description: description("What the route is for."),
    metadata: metadata(),
    uri,
    createdAt,
  }),
  example: `const route = new ngrok.HttpsEdgeRoute("api", {
    edge, // an ngrok.HttpsEdge: fills edgeId and is the route's parent
    matchType: "path_prefix",
    match: "/api",
});`,
};

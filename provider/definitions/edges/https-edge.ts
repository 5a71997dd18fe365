import { createdAt, description, metadata, uri } from "../common";
import { hostportErrorHints, hostports } from "./edge-common";
import type { BoundDefinition } from "../../contract";

export const httpsEdge: BoundDefinition = {
  name: "HttpsEdge",
  description:
    "An HTTPS edge: the hostports on which the service accepts HTTPS traffic. Its routes (HttpsEdgeRoute) and their modules " +
    "say what happens to requests. Routes and modules are separate resources, so the edge's own outputs do not list them.",
  binding: { kind: "collection", path: "/edges/https", idPrefix: "edghts", listKey: "https_edges", errorHints: hostportErrorHints },
  properties: {
    description: description("What the edge is for."),
    metadata: metadata(),
    hostports,
    uri,
    createdAt,
  },
  example: `const domain = new ngrok.ReservedDomain("app", { domain: "app.example.com" });
const edge = new ngrok.HttpsEdge("app", {
    description: "app.example.com",
    hostports: [pulumi.interpolate\`\${domain.domain}:443\`],
});`,
};

import { createdAt, description, metadata, uri } from "../common";
import { hostportErrorHints, hostports } from "./edge-common";
import type { BoundDefinition } from "../../contract";

export const tlsEdge: BoundDefinition = {
  name: "TlsEdge",
  description:
    "A TLS edge: the hostports on which the service accepts TLS connections. Its modules (TlsEdgeBackend, TlsEdgeIpRestriction, " +
    "TlsEdgeTlsTermination) are separate resources, so the edge's own outputs do not show them.",
  binding: { kind: "collection", path: "/edges/tls", idPrefix: "edgtls", listKey: "tls_edges", errorHints: hostportErrorHints },
  properties: {
    description: description("What the edge is for."),
    metadata: metadata(),
    hostports,
    uri,
    createdAt,
  },
  example: `const domain = new ngrok.ReservedDomain("db", { domain: "db.example.com" });
const edge = new ngrok.TlsEdge("db", {
    description: "database",
    hostports: [pulumi.interpolate\`\${domain.domain}:443\`],
});`,
};

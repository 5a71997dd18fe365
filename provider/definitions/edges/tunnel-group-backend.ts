import { createdAt, description, metadata, refType, uri } from "../common";
import type { BoundDefinition } from "../../contract";

export const tunnelGroupBackend: BoundDefinition = {
  name: "TunnelGroupBackend",
  description: "A backend that balances traffic over the online agent tunnels whose labels include all of its labels.",
  binding: { kind: "collection", path: "/backends/tunnel_group", idPrefix: "bkdtg", listKey: "backends" },
  properties: {
    description: description("What the tunnel group serves."),
    metadata: metadata(),
    labels: {
      type: { kind: "map", values: { kind: "string" } },
      description: "The labels a tunnel must carry (all of them) to serve this backend, e.g. `{ app: \"web\", env: \"prod\" }`.",
      input: { api: "labels", required: true, onChange: "update", unset: "clear" },
    },
    tunnels: {
      type: { kind: "array", items: refType },
      api: "tunnels",
      description: "The online tunnels that match the labels now. It changes as agents connect and disconnect; that is never a change to the resource.",
    },
    uri,
    createdAt,
  },
  rules: [
    {
      properties: ["labels"],
      summary: "`labels` has at least one label.",
      violated: (inputs) =>
        inputs.labels !== null && typeof inputs.labels === "object" && Object.keys(inputs.labels).length === 0
          ? "labels must have at least one label: a tunnel group of no labels matches no tunnel, and the API refuses it"
          : undefined,
    },
  ],
  example: `const web = new ngrok.TunnelGroupBackend("web", {
    description: "web servers",
    labels: { app: "web", env: "prod" },
});`,
};

import { createdAt, description, metadata, uri } from "../common";
import type { BoundDefinition } from "../../contract";

export const failoverBackend: BoundDefinition = {
  name: "FailoverBackend",
  description: "A backend that sends traffic to the first of its child backends that is available, in order.",
  binding: { kind: "collection", path: "/backends/failover", idPrefix: "bkdfo", listKey: "backends" },
  properties: {
    description: description("What the failover chain is for."),
    metadata: metadata(),
    backends: {
      type: { kind: "array", items: { kind: "string", idPrefix: ["bkdhr", "bkdfo", "bkdtg"] } },
      description:
        "The child backends' ids, in failover order (reordering them is a change, made in place). Each must exist; a failover backend may not contain itself.",
      input: { api: "backends", required: true, onChange: "update", unset: "clear" },
    },
    uri,
    createdAt,
  },
  example: `const primary = new ngrok.TunnelGroupBackend("primary", { labels: { app: "web" } });
const sorry = new ngrok.HttpResponseBackend("sorry", { statusCode: 503, body: "Try again soon" });
const web = new ngrok.FailoverBackend("web", { backends: [primary.id, sorry.id] });`,
};

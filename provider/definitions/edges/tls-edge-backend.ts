import { refType } from "../common";
import { tlsEdgeModule } from "./edge-common";

export const tlsEdgeBackend = tlsEdgeModule({
  name: "TlsEdgeBackend",
  module: "backend",
  description: "The backend of a TLS edge: where its connections go (a tunnel group, HTTP response or failover backend).",
  properties: {
    backendId: {
      type: { kind: "string", idPrefix: ["bkdtg", "bkdhr", "bkdfo"] },
      description: "The backend (`bkdtg_...`, `bkdhr_...` or `bkdfo_...`) that serves the edge.",
      input: { api: "", required: true, onChange: "update", unset: "clear" },
      // The API answers a reference (`backend`).
      fromApi: (api) => {
        const ref = api.backend as { id?: unknown } | null | undefined;
        return typeof ref?.id === "string" ? ref.id : undefined;
      },
    },
    backend: { type: refType, api: "backend", present: true, description: "A reference to the backend." },
  },
  example: `const backend = new ngrok.TlsEdgeBackend("db", {
    edge, // an ngrok.TlsEdge: fills edgeId and is the module's parent
    backendId: "bkdtg_...",
});`,
});

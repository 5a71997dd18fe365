import { tlsEdgeModule } from "./edge-common";

export const tlsEdgeTlsTermination = tlsEdgeModule({
  name: "TlsEdgeTlsTermination",
  module: "tls_termination",
  description: "Where TLS is terminated for a TLS edge: at the edge by the service, or at the upstream (passed through).",
  properties: {
    terminateAt: {
      type: { kind: "string", enum: ["edge", "upstream"] },
      description:
        "`edge`: the service terminates TLS; `upstream`: TLS passes through to the agent or application server (most other modules then cannot apply). Default `edge`.",
      input: { api: "", onChange: "update", unset: "clear", default: "edge" },
    },
    minVersion: {
      type: { kind: "string", enum: ["1.0", "1.1", "1.2", "1.3"] },
      description:
        "The minimum TLS version the edge accepts when it terminates TLS; the service chooses a safe default when unset. Must be unset when `terminateAt` is `upstream`.",
      input: { api: "", onChange: "update", unset: "computed" },
    },
  },
  rules: [
    {
      properties: ["minVersion"],
      summary: "`minVersion` must be unset when `terminateAt` is `upstream`.",
      violated: (inputs) =>
        inputs.terminateAt === "upstream" && inputs.minVersion !== undefined && inputs.minVersion !== null
          ? 'minVersion must be unset when terminateAt is "upstream": the upstream, not the service, terminates TLS'
          : undefined,
    },
  ],
  example: `const tls = new ngrok.TlsEdgeTlsTermination("tls", {
    edge,
    terminateAt: "edge",
    minVersion: "1.2",
});`,
});

/** examples/tls-edge end to end: see ../lifecycle.ts. */
import { call } from "../../support/api";
import { describeExample, type Row } from "../lifecycle";

jest.setTimeout(20 * 60_000);

const containing = (o: Row) => expect.objectContaining(o);

/** The emulator's TLS edge with its modules (API shape). */
function edge(hostport: string, minVersion: string, allowListEnforced: boolean): Row {
  return {
    hostports: [hostport],
    backend: { enabled: true, backend: containing({ id: expect.stringMatching(/^bkdtg_/) }) },
    ip_restriction: { enabled: allowListEnforced, ip_policies: [containing({ id: expect.stringMatching(/^ipp_/) })] },
    tls_termination: { enabled: true, terminate_at: "edge", min_version: minVersion },
  };
}

// examples/tls-edge/index.ts takes `backendId` and `ipPolicyId` (made here through the API, as
// another team would), `domain` (changing it replaces the reserved domain; the edge's hostports
// follow in place), `minVersion` and `allowListEnforced` (modules updated in place).
describeExample("tls-edge", {
  envCredentials: true,
  kinds: ["reserved_domains", "tls_edges"],
  config: {},
  prepare: async (emu) => {
    const backend = await call(emu, "POST", "/backends/tunnel_group", { labels: { app: "postgres" }, description: "database agents" });
    const policy = await call(emu, "POST", "/ip_policies", { description: "office networks" });
    expect([backend.status, policy.status]).toEqual([201, 201]);
    return { backendId: backend.json.id, ipPolicyId: policy.json.id };
  },
  expect: {
    reserved_domains: [{ domain: "edge-db.ngrok.app" }],
    tls_edges: [edge("edge-db.ngrok.app:443", "1.2", true)],
  },
  secretOutputs: {},
  drift: { kind: "tls_edges", path: "/edges/tls", body: { description: "changed by hand" }, field: "description" },
  steps: [
    {
      name: "in-place update (minimum TLS version, allow list not enforced)",
      config: { minVersion: "1.3", allowListEnforced: "false" },
      expect: { reserved_domains: [{ domain: "edge-db.ngrok.app" }], tls_edges: [edge("edge-db.ngrok.app:443", "1.3", false)] },
      ids: { reserved_domains: "same", tls_edges: "same" },
      ops: { "db-tls": "update", "db-allow-list": "update" },
    },
    {
      name: "replacement (domain)",
      config: { domain: "edge-db-moved.ngrok.app" },
      expect: { reserved_domains: [{ domain: "edge-db-moved.ngrok.app" }], tls_edges: [edge("edge-db-moved.ngrok.app:443", "1.3", false)] },
      ids: { reserved_domains: "new", tls_edges: "same" },
      ops: { "db-domain": "replace", "db-edge": "update" },
    },
  ],
});

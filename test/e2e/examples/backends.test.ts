/** examples/backends end to end: see ../lifecycle.ts. */
import { describeExample } from "../lifecycle";

jest.setTimeout(15 * 60_000);

// examples/backends/index.ts reads config `maintenanceStatus` and `maintenanceFirst` (updated in
// place) and `generation` (a `replacementTrigger`: backends have no immutable field, so the tunnel
// group is replaced that way; the failover chain follows it in place).
const maintenance = { description: "maintenance page", status_code: 503, headers: { "content-type": "text/plain", "retry-after": "600" } };
const unavailable = { description: "last resort", status_code: 502, body: "Service unavailable." };
const failover = [{ description: "web, then maintenance, then the last resort" }];

describeExample("backends", {
  kinds: ["http_response_backends", "failover_backends", "tunnel_group_backends"],
  config: {},
  expect: {
    http_response_backends: [maintenance, unavailable],
    failover_backends: failover,
    tunnel_group_backends: [{ description: "web servers (generation 1)", labels: { app: "web", env: "prod" }, tunnels: [] }],
  },
  secretOutputs: {},
  // A header added by hand: refresh shows it, `up --refresh` takes it away again.
  drift: { kind: "http_response_backends", path: "/backends/http_response", body: { headers: { "X-Added-By-Hand": "1" } }, field: "headers" },
  steps: [
    {
      name: "in-place update (maintenanceStatus, maintenanceFirst)",
      config: { maintenanceStatus: "500", maintenanceFirst: "true" },
      expect: {
        http_response_backends: [{ ...maintenance, status_code: 500 }, unavailable],
        failover_backends: failover,
        tunnel_group_backends: [{ description: "web servers (generation 1)" }],
      },
      ids: { http_response_backends: "same", failover_backends: "same", tunnel_group_backends: "same" },
      ops: { maintenance: "update", site: "update" },
    },
    {
      name: "replacement (generation)",
      config: { generation: "2" },
      expect: {
        http_response_backends: [{ ...maintenance, status_code: 500 }, unavailable],
        failover_backends: failover,
        tunnel_group_backends: [{ description: "web servers (generation 2)", labels: { app: "web", env: "prod" } }],
      },
      ids: { http_response_backends: "same", failover_backends: "same", tunnel_group_backends: "new" },
      ops: { web: "replace", site: "update" },
    },
  ],
});

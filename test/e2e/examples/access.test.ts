/** examples/access end to end: see ../lifecycle.ts. */
import { describeExample } from "../lifecycle";
import { sshPublicKeyLine } from "../../support/ssh";

jest.setTimeout(15 * 60_000);

// examples/access/index.ts reads config `officeCidr` and `enforced` (updated in place), and
// `restrictionType` and `deployKey` (each replaces its resource).
const defaultKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH4tIbTQtdb//0+kZVZuk9t1KNZMZ+wpTW2LGmyNi4uh deploy@example";
const newKey = sshPublicKeyLine("ecdsa-sha2-nistp256", "deploy@example");

const credentials = [{ description: "CI agents", acl: ["bind:*.ci.example.com"], token: null }];
const policies = [{ description: "Office and VPN networks", metadata: '{"owner":"platform-team"}' }];
const vpnRule = { cidr: "2001:db8:1234::/48", action: "allow", description: "VPN (IPv6)" };

describeExample("access", {
  kinds: ["credentials", "ssh_credentials", "ip_policies", "ip_policy_rules", "ip_restrictions"],
  config: {},
  expect: {
    credentials,
    ssh_credentials: [{ description: "deploy host", public_key: defaultKey, acl: ["bind:deploy.example.com"] }],
    ip_policies: policies,
    ip_policy_rules: [{ cidr: "203.0.113.0/24", action: "allow", description: "office (IPv4)" }, vpnRule],
    ip_restrictions: [{ type: "dashboard", enforced: false, description: "only from the offices" }],
  },
  secretOutputs: { "ci-agents": ["token"] },
  // Someone enforces the restriction by hand: refresh shows it, `up --refresh` puts back `false`.
  drift: { kind: "ip_restrictions", path: "/ip_restrictions", body: { enforced: true }, field: "enforced" },
  steps: [
    {
      name: "in-place update (officeCidr, enforced)",
      config: { officeCidr: "198.51.100.0/24", enforced: "true" },
      expect: {
        credentials,
        ssh_credentials: [{ public_key: defaultKey }],
        ip_policies: policies,
        ip_policy_rules: [{ cidr: "198.51.100.0/24", action: "allow", description: "office (IPv4)" }, vpnRule],
        ip_restrictions: [{ type: "dashboard", enforced: true }],
      },
      ids: { credentials: "same", ssh_credentials: "same", ip_policies: "same", ip_policy_rules: "same", ip_restrictions: "same" },
      ops: { "office-v4": "update", restriction: "update" },
    },
    {
      name: "replacement (restrictionType, deployKey)",
      config: { restrictionType: "api", deployKey: newKey },
      expect: {
        credentials,
        ssh_credentials: [{ description: "deploy host", public_key: newKey, acl: ["bind:deploy.example.com"] }],
        ip_policies: policies,
        ip_policy_rules: [{ cidr: "198.51.100.0/24" }, vpnRule],
        ip_restrictions: [{ type: "api", enforced: true, description: "only from the offices" }],
      },
      ids: { credentials: "same", ssh_credentials: "new", ip_policies: "same", ip_policy_rules: "same", ip_restrictions: "new" },
      ops: { restriction: "replace", deploy: "replace" },
    },
  ],
});

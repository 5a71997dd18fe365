/**
 * The normalisers and comparison rules of the credentials-and-access and backend resources, as a
 * table: what the service stores differently, and what the program may leave out, is no change;
 * everything else is. (Rows: property, value in state, value in the program, same?)
 */
import { definitions } from "../../../provider";
import { sameInput, toOutputs } from "../../../provider/engine/values";
import type { PropertySpec } from "../../../provider/contract";
import { sshPublicKeyLine } from "../../support/ssh";

const key = sshPublicKeyLine("ssh-ed25519", "me@laptop");
const [type, data] = key.split(" ");
const otherKey = sshPublicKeyLine("ssh-ed25519", "me@laptop");

type Row = [what: string, prop: PropertySpec, stored: unknown, program: unknown, same: boolean];

const headers = definitions.HttpResponseBackend.properties.headers!;
const statusCode = definitions.HttpResponseBackend.properties.statusCode!;
const body = definitions.HttpResponseBackend.properties.body!;
const ipPolicyIds = definitions.IpRestriction.properties.ipPolicyIds!;
const enforced = definitions.IpRestriction.properties.enforced!;
const backends = definitions.FailoverBackend.properties.backends!;
const labels = definitions.TunnelGroupBackend.properties.labels!;
const publicKey = definitions.SshCredential.properties.publicKey!;
const sshAcl = definitions.SshCredential.properties.acl!;
const ruleDescription = definitions.IpPolicyRule.properties.description!;
const cidr = definitions.IpPolicyRule.properties.cidr!;

const rows: Row[] = [
  // HTTP response headers: the service lower-cases names.
  ["header name case", headers, { "content-type": "text/plain" }, { "Content-Type": "text/plain" }, true],
  ["header names upper-cased", headers, { "content-type": "a", "x-b": "b" }, { "CONTENT-TYPE": "a", "X-B": "b" }, true],
  ["header order", headers, { a: "1", b: "2" }, { b: "2", a: "1" }, true],
  ["header value case is kept", headers, { "content-type": "text/plain" }, { "content-type": "Text/Plain" }, false],
  ["a header added", headers, { a: "1" }, { a: "1", b: "2" }, false],
  ["headers null (API) vs omitted", headers, null, undefined, true],
  ["headers null vs empty", headers, null, {}, true],
  ["headers set vs omitted", headers, { a: "1" }, undefined, false],
  // Body: "" is unset.
  ["body omitted (API) vs empty", body, undefined, "", true],
  ["body with a trailing newline differs", body, "ok", "ok\n", false],
  // Status code: absent keeps the service's value.
  ["status omitted", statusCode, 200, undefined, true],
  ["status null", statusCode, 200, null, true],
  ["status changed", statusCode, 200, 503, false],
  // IP restriction policies: a set.
  ["policy order", ipPolicyIds, ["ipp_a", "ipp_b"], ["ipp_b", "ipp_a"], true],
  ["a policy repeated", ipPolicyIds, ["ipp_a", "ipp_b"], ["ipp_a", "ipp_b", "ipp_a"], true],
  ["policies [] vs omitted", ipPolicyIds, [], undefined, true],
  ["policies null vs []", ipPolicyIds, null, [], true],
  ["a policy removed", ipPolicyIds, ["ipp_a", "ipp_b"], ["ipp_a"], false],
  ["a policy swapped", ipPolicyIds, ["ipp_a"], ["ipp_b"], false],
  // enforced: absent means false.
  ["enforced false vs omitted", enforced, false, undefined, true],
  ["enforced false vs null", enforced, false, null, true],
  ["enforced true vs omitted", enforced, true, undefined, false],
  // Failover children: order matters.
  ["failover order", backends, ["bkdhr_a", "bkdhr_b"], ["bkdhr_b", "bkdhr_a"], false],
  ["failover same order", backends, ["bkdhr_a", "bkdhr_b"], ["bkdhr_a", "bkdhr_b"], true],
  // Labels: keys and values are kept as given.
  ["label order", labels, { app: "web", env: "prod" }, { env: "prod", app: "web" }, true],
  ["label key case", labels, { app: "web" }, { App: "web" }, false],
  // SSH public keys: the key, not its comment or white space.
  ["key with a trailing newline", publicKey, key, `${key}\n`, true],
  ["key with CRLF", publicKey, key, `${key}\r\n`, true],
  ["key with another comment", publicKey, key, `${type} ${data} someone@else`, true],
  ["key without a comment", publicKey, key, `${type} ${data}`, true],
  ["key with tabs and spaces", publicKey, key, `\t${type}\t ${data}  me@laptop `, true],
  ["another key", publicKey, key, otherKey, false],
  ["the key type's case", publicKey, key, `${type!.toUpperCase()} ${data}`, false],
  // ACL: order matters, [] is unset.
  ["acl order", sshAcl, ["bind:a", "bind:b"], ["bind:b", "bind:a"], false],
  ["acl [] vs omitted", sshAcl, [], undefined, true],
  // Descriptions: null, omitted and "" are all unset.
  ["description omitted (API) vs empty", ruleDescription, undefined, "", true],
  ["description null vs omitted", ruleDescription, null, undefined, true],
  ["description case", ruleDescription, "sf office", "SF office", false],
  // CIDR: stored as given.
  ["cidr as given", cidr, "10.0.0.0/8", "10.0.0.0/8", true],
  ["cidr changed", cidr, "10.0.0.0/8", "10.0.0.0/16", false],
];

it.each(rows)("%s", (_what, prop, stored, program, same) => {
  expect(sameInput(prop, stored, program)).toBe(same);
});

describe("reading API objects", () => {
  it("reads references into the program's id inputs, and nulls as absent", () => {
    expect(
      toOutputs(definitions.IpPolicyRule, { id: "ipr_1", cidr: "10.0.0.0/8", action: "deny", ip_policy: { id: "ipp_1", uri: "u" }, description: "" }, {}),
    ).toEqual({ cidr: "10.0.0.0/8", action: "deny", ipPolicyId: "ipp_1" });
    expect(
      toOutputs(definitions.IpRestriction, { id: "ipx_1", type: "api", enforced: false, ip_policies: [{ id: "ipp_2", uri: "u2" }, { id: "ipp_1", uri: "u1" }] }, {}),
    ).toEqual({ type: "api", enforced: false, ipPolicyIds: ["ipp_2", "ipp_1"], ipPolicies: [{ id: "ipp_2", uri: "u2" }, { id: "ipp_1", uri: "u1" }] });
    expect(toOutputs(definitions.HttpResponseBackend, { id: "bkdhr_1", body: "", headers: null, status_code: 200 }, {})).toEqual({ statusCode: 200 });
    expect(toOutputs(definitions.TunnelGroupBackend, { id: "bkdtg_1", labels: { App: "web" }, tunnels: [] }, {})).toEqual({ labels: { App: "web" }, tunnels: [] });
  });
});

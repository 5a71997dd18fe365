/**
 * SharedTrafficPolicy: one Traffic Policy that several endpoints take, as ngrok's Kubernetes
 * operator's TrafficPolicy that CloudEndpoints and AgentEndpoints reference
 * (https://ngrok.com/docs/k8s/crds/ngroktrafficpolicy/). ngrok's API stores no policy object
 * (https://ngrok.com/docs/api: a policy is a field of each endpoint), so it is a value of the
 * program: checked once at preview, kept in state, and sent by each endpoint that takes it, so a
 * change to it is an in-place update of each of them.
 */
import { ProgramValueHandler } from "../engine/program-value";
import { apiPolicy, givenPolicy, policySplitter, policyType } from "./policy-input";
import { PolicyValue } from "../policy/value";
import type { OperatedDefinition } from "../contract";

export const sharedTrafficPolicy: OperatedDefinition = {
  name: "SharedTrafficPolicy",
  description:
    "A Traffic Policy that several endpoints share: a `CloudEndpoint` takes it as its `trafficPolicy`, so one rate limit or one " +
    "login is written once. ngrok's API has no policy object: this one lives in the program and its state, is checked once at " +
    "preview (what no URL decides: phases, actions, fields, CEL), and each endpoint that takes it still checks what its URL " +
    "allows. A change to it updates each of those endpoints in place, and a preview lists them. Creating or deleting it sends " +
    "nothing to ngrok.",
  properties: {
    name: {
      type: { kind: "string", nonEmpty: true, maxBytes: 255 },
      description: "What the policy is, for people reading the program and its state: `edge rate limit and login`.",
      input: { api: "name", required: true, onChange: "update", unset: "clear" },
    },
    policy: {
      type: policyType({ secrets: "policySecrets", target: () => undefined, tsInput: "TrafficPolicyInput | string" }),
      description:
        "The Traffic Policy: a typed object, or its YAML or JSON text as ngrok's documentation writes it. Its credentials are kept " +
        "in `policySecrets`; the output is the policy in the typed form without them.",
      input: { api: "policy", required: true, onChange: "update", unset: "clear" },
      normalize: (value) => PolicyValue.of(value).key(),
      toApi: (inputs) => givenPolicy(inputs["policy"], inputs["policySecrets"]).apiText(),
      fromApi: (stored) => apiPolicy(stored["policy"])?.typed(),
      present: true,
    },
    policySecrets: {
      type: { kind: "map", values: { kind: "string" } },
      description: "The policy's credentials, by their place in it: set by the class from `policy`, each value a secret.",
      input: { api: "policy", onChange: "update", unset: "clear", carriedBy: "policy" },
      fromApi: (stored) => apiPolicy(stored["policy"])?.secrets(),
      secret: true,
      setBySdk: true,
    },
  },
  example: `// One rate limit for three endpoints: a change to it updates each of them in place.
const limits = new ngrok.SharedTrafficPolicy("limits", {
    name: "per-client rate limit",
    policy: {
        onHttpRequest: [
            { actions: [{ type: "rate-limit", config: { name: "per client", algorithm: "sliding_window", capacity: 100, rate: "60s", bucketKey: ["conn.client_ip"] } }] },
            { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
        ],
    },
});
for (const host of ["a", "b", "c"]) {
    new ngrok.CloudEndpoint(host, { url: \`https://\${host}.example.com\`, trafficPolicy: limits });
}`,
  sdkPrepare: { module: "./policy", name: "prepareSharedPolicyInputs" },
  prepareInputs: policySplitter("policy", "policySecrets"),
  operations: (ctx) => new ProgramValueHandler(sharedTrafficPolicy, ctx),
};

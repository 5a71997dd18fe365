/**
 * State does not change for existing stacks: for every spelling of a policy, the inputs the SDK
 * class and the plugin's host hand the engine, the text the API receives and the outputs read back
 * are exactly what the provider made of them before the policy had a value type
 * (test/support/policy-state.ts), and a stack holding those finds no change to make.
 */
import { cloudEndpoint } from "../../../provider/definitions/cloud-endpoint";
import { PolicyValue } from "../../../provider/policy";
import { preparePolicyInputs } from "../../../sdk/policy";
import { policyCases, stateBefore } from "../../support/policy-state";

const trafficPolicy = cloudEndpoint.properties["trafficPolicy"]!;
const trafficPolicySecrets = cloudEndpoint.properties["trafficPolicySecrets"]!;
/** A fresh copy, as each request to a provider brings. */
const fresh = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The SDK class's inputs with the secrets unwrapped, as the engine hands them to the provider. */
async function sdkInputs(given: unknown): Promise<Record<string, unknown>> {
  const prepared = preparePolicyInputs({ trafficPolicy: given });
  const secrets: Record<string, unknown> = {};
  for (const [place, value] of Object.entries(prepared.trafficPolicySecrets as Record<string, { apply: (f: (v: unknown) => void) => void }>)) {
    secrets[place] = await new Promise((resolve) => value.apply(resolve));
  }
  return { trafficPolicy: prepared.trafficPolicy, trafficPolicySecrets: secrets };
}

describe.each(Object.keys(policyCases))("%s", (name) => {
  const given = policyCases[name];
  const before = stateBefore[name]!;

  it("goes to the engine as it did, through the SDK class and through a host with no SDK code", async () => {
    expect(await sdkInputs(given)).toEqual(before.inputs);
    expect(cloudEndpoint.prepareInputs!({ trafficPolicy: fresh(given) })).toEqual(before.inputs);
  });

  it("reaches the API as the same text, and reads back as the same outputs", () => {
    expect(trafficPolicy.toApi!(fresh(before.inputs))).toBe(before.apiText);
    const api = { traffic_policy: before.apiText };
    expect({ trafficPolicy: trafficPolicy.fromApi!(api, {}), trafficPolicySecrets: trafficPolicySecrets.fromApi!(api, {}) }).toEqual(before.outputs);
  });

  it("leaves a stack holding the earlier state with nothing to change", () => {
    const key = trafficPolicy.normalize!;
    expect(key(fresh(before.outputs.trafficPolicy))).toBe(key(fresh(before.inputs.trafficPolicy)));
    expect(key(fresh(before.inputs.trafficPolicy))).toBe(key(PolicyValue.read(given).inputs()!.trafficPolicy));
  });
});

describe("a policy holding a program's Outputs", () => {
  const resolved = <T>(o: unknown): Promise<T> => new Promise((resolve) => (o as { apply: (f: (v: T) => void) => void }).apply(resolve));
  const pulumi = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");

  it("splits a credential still to come by its place, leaving other values to come in place", async () => {
    const url = pulumi.output("https://app.internal");
    const prepared = preparePolicyInputs({
      trafficPolicy: {
        onHttpRequest: [
          { actions: [{ type: "basic-auth", config: { credentials: [pulumi.secret("a:one"), "b:two"] } }] },
          { actions: [{ type: "openid-connect", config: { issuerUrl: "https://id.example.com", clientSecret: pulumi.secret("s3cret") } }] },
          { actions: [{ type: "forward-internal", config: { url } }] },
        ],
      },
    });
    const policy = prepared.trafficPolicy as { onHttpRequest: { actions: { config: Record<string, unknown> }[] }[] };
    expect(policy.onHttpRequest.map((r) => r.actions[0]!.config)).toEqual([{}, { issuerUrl: "https://id.example.com" }, { url }]);
    const secrets = prepared.trafficPolicySecrets as Record<string, unknown>;
    expect(Object.keys(secrets)).toEqual([
      "onHttpRequest[0].actions[0].config.credentials[0]",
      "onHttpRequest[0].actions[0].config.credentials[1]",
      "onHttpRequest[1].actions[0].config.clientSecret",
    ]);
    expect(await Promise.all(Object.values(secrets).map((s) => resolved(s)))).toEqual(["a:one", "b:two", "s3cret"]);
  });

  it("splits a policy whose structure is still to come once it is known", async () => {
    const credentials = pulumi.output(["a:one"]);
    const prepared = preparePolicyInputs({ trafficPolicy: { onHttpRequest: [{ actions: [{ type: "basic-auth", config: { credentials } }] }] } });
    expect(await resolved(prepared.trafficPolicy)).toEqual({ onHttpRequest: [{ actions: [{ type: "basic-auth", config: {} }] }] });
    expect(await resolved(prepared.trafficPolicySecrets)).toEqual({ "onHttpRequest[0].actions[0].config.credentials[0]": "a:one" });
  });
});

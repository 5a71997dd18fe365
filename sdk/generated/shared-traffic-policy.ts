// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { TrafficPolicy, TrafficPolicyInput } from "./policy";
import { prepareSharedPolicyInputs } from "./policy";

/** The arguments of a {@link SharedTrafficPolicy}. */
export interface SharedTrafficPolicyArgs {
  /** What the policy is, for people reading the program and its state: `edge rate limit and login`. */
  name: pulumi.Input<string>;
  /** The Traffic Policy: a typed object, or its YAML or JSON text as ngrok's documentation writes it. Its credentials are kept in `policySecrets`; the output is the policy in the typed form without them. */
  policy: pulumi.Input<TrafficPolicyInput | string>;
}

/**
 * A Traffic Policy that several endpoints share: a `CloudEndpoint` takes it as its `trafficPolicy`, so one rate limit or one login is written once. ngrok's API has no policy object: this one lives in the program and its state, is checked once at preview (what no URL decides: phases, actions, fields, CEL), and each endpoint that takes it still checks what its URL allows. A change to it updates each of those endpoints in place, and a preview lists them. Creating or deleting it sends nothing to ngrok.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * // One rate limit for three endpoints: a change to it updates each of them in place.
 * const limits = new ngrok.SharedTrafficPolicy("limits", {
 *     name: "per-client rate limit",
 *     policy: {
 *         onHttpRequest: [
 *             { actions: [{ type: "rate-limit", config: { name: "per client", algorithm: "sliding_window", capacity: 100, rate: "60s", bucketKey: ["conn.client_ip"] } }] },
 *             { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
 *         ],
 *     },
 * });
 * for (const host of ["a", "b", "c"]) {
 *     new ngrok.CloudEndpoint(host, { url: `https://${host}.example.com`, trafficPolicy: limits });
 * }
 * ```
 */
export class SharedTrafficPolicy extends NgrokResource {
  /** What the policy is, for people reading the program and its state: `edge rate limit and login`. */
  declare public readonly name: pulumi.Output<string>;
  /** The Traffic Policy: a typed object, or its YAML or JSON text as ngrok's documentation writes it. Its credentials are kept in `policySecrets`; the output is the policy in the typed form without them. */
  declare public readonly policy: pulumi.Output<TrafficPolicy>;
  /** The policy's credentials, by their place in it: set by the class from `policy`, each value a secret. Secret. */
  declare public readonly policySecrets: pulumi.Output<{ [key: string]: string } | undefined>;

  constructor(name: string, args: SharedTrafficPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    const props: pulumi.Inputs = Object.assign(
      {
        name: undefined,
        policy: undefined,
        policySecrets: undefined,
      },
      args,
    );
    if (props.policySecrets !== undefined) props.policySecrets = pulumi.secret(props.policySecrets);
    Object.assign(props, prepareSharedPolicyInputs(props));
    super("SharedTrafficPolicy", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["policySecrets"] }));
  }
}

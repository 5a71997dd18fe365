/**
 * Traffic Policies in programs: the typed form and its conversion to the form ngrok documents,
 * and how a CloudEndpoint hands its policy to the engine. The policy's credentials are split out
 * of it into `trafficPolicySecrets`, one secret per place, so that state keeps them encrypted and
 * a preview still shows which phase, rule and action of the policy changed.
 */
import * as pulumi from "@pulumi/pulumi";
import { canSplitNow } from "../provider/policy/value";
import { PolicyValue } from "../provider/policy/value";
import { parseCel } from "../provider/policy/cel";
import { checkedAsWritten } from "../provider/policy/rules";

export type * from "../provider/policy/types";
export { toWirePolicy } from "../provider/policy/value";
import type { TrafficPolicy } from "../provider/policy/types";

/**
 * A typed policy as a program gives it: any value may be an input (a secret from config, another
 * resource's URL), while phases, rules, actions, their `type` and lists stay plain, so that the
 * class can keep each credential a secret of its own.
 */
export type TrafficPolicyInput = Inputs<TrafficPolicy>;
type Inputs<T> = T extends string | number | boolean
  ? pulumi.Input<T>
  : T extends readonly (infer U)[]
    ? Inputs<U>[]
    : T extends object
      ? { [K in keyof T]: K extends "type" ? T[K] : Inputs<T[K]> }
      : T;

/**
 * `trafficPolicy` in the typed form without its credentials, and `trafficPolicySecrets`, as the
 * policy value splits them. Text is parsed here so that the engine compares and shows policies as
 * objects whatever their spelling; text that does not parse, or that the check refuses, goes on as
 * it is, for the provider's check to explain in the program's spelling.
 */
export function preparePolicyInputs(props: pulumi.Inputs): pulumi.Inputs {
  const given: unknown = props.trafficPolicy;
  if (given === undefined || given === null) return { trafficPolicySecrets: undefined };
  // A SharedTrafficPolicy of the program: its policy, and its credentials as the secret they are.
  if (isSharedPolicy(given)) return { trafficPolicy: given.policy, trafficPolicySecrets: given.policySecrets };
  if (typeof given === "string" || canSplitNow(given, isOutputLike)) {
    // Read, not memoised: the program may still change its object after handing it over.
    const value = PolicyValue.read(given);
    // A policy written as ngrok writes it that the check refuses goes as written: its problems name places as written.
    const split = checkedAsWritten(value, isOutputLike, parseCel) ? undefined : value.inputs();
    if (!split) return { trafficPolicy: given, trafficPolicySecrets: undefined };
    return {
      trafficPolicy: split.trafficPolicy,
      trafficPolicySecrets: Object.fromEntries(
        Object.entries(split.trafficPolicySecrets).map(([at, value]) => [at, pulumi.secret(value as pulumi.Input<string>)]),
      ),
    };
  }
  // The policy, or a part of its structure, is still to come: split it once known (its
  // credentials are then one secret, and the policy's own secrecy is the program's).
  const split = (pulumi.output(given) as pulumi.Output<unknown>).apply(
    (value: unknown) => PolicyValue.read(value).inputs() ?? { trafficPolicy: value, trafficPolicySecrets: {} },
  );
  return { trafficPolicy: split.apply((s) => s.trafficPolicy), trafficPolicySecrets: pulumi.secret(split.apply((s) => s.trafficPolicySecrets)) };
}

/**
 * A SharedTrafficPolicy (or anything with its two outputs): what a CloudEndpoint takes as its
 * `trafficPolicy` to share one policy among several endpoints.
 */
export interface SharedPolicy {
  readonly policy: pulumi.Output<TrafficPolicy>;
  readonly policySecrets: pulumi.Output<Record<string, string> | undefined>;
}

function isSharedPolicy(value: unknown): value is SharedPolicy {
  return pulumi.CustomResource.isInstance(value) && pulumi.Output.isInstance((value as Partial<SharedPolicy>).policy) && pulumi.Output.isInstance((value as Partial<SharedPolicy>).policySecrets);
}

/** What a SharedTrafficPolicy's class does to its inputs: preparePolicyInputs, for its `policy` and `policySecrets`. */
export function prepareSharedPolicyInputs(props: pulumi.Inputs): pulumi.Inputs {
  const split = preparePolicyInputs({ trafficPolicy: props.policy });
  return { policy: split.trafficPolicy ?? props.policy, policySecrets: split.trafficPolicySecrets };
}

function isOutputLike(value: unknown): boolean {
  return pulumi.Output.isInstance(value) || (typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function");
}

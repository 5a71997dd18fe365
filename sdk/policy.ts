/**
 * Traffic Policies in programs: the typed form and its conversion to the form ngrok documents,
 * and how a CloudEndpoint hands its policy to the engine. The policy's credentials are split out
 * of it into `trafficPolicySecrets`, one secret per place, so that state keeps them encrypted and
 * a preview still shows which phase, rule and action of the policy changed.
 */
import * as pulumi from "@pulumi/pulumi";
import { ACTIONS, snake } from "../provider/policy/actions";
import { isRecord, toTyped } from "../provider/policy/parse";
import { secretFields, splitSecrets } from "../provider/policy/secrets";

export type * from "../provider/policy/types";
export { toWirePolicy } from "../provider/policy/parse";
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
 * `trafficPolicy` in the typed form without its credentials, and `trafficPolicySecrets`. Text is
 * parsed here so that the engine compares and shows policies as objects whatever their spelling;
 * text that does not parse goes on as it is, for the provider's check to explain.
 */
export function preparePolicyInputs(props: pulumi.Inputs): pulumi.Inputs {
  const given: unknown = props.trafficPolicy;
  if (given === undefined || given === null) return { trafficPolicySecrets: undefined };
  if (typeof given === "string" || hasPlainStructure(given)) {
    let typed: unknown;
    try {
      typed = toTyped(given);
    } catch {
      return { trafficPolicy: given, trafficPolicySecrets: undefined };
    }
    const { policy, secrets } = splitSecrets(typed);
    return {
      trafficPolicy: policy,
      trafficPolicySecrets: Object.fromEntries(Object.entries(secrets).map(([at, value]) => [at, pulumi.secret(value as pulumi.Input<string>)])),
    };
  }
  // The policy, or a part of its structure, is still to come: split it once known (its
  // credentials are then one secret, and the policy's own secrecy is the program's).
  const split = (pulumi.output(given) as pulumi.Output<unknown>).apply((value: unknown) => {
    try {
      return splitSecrets(toTyped(value));
    } catch {
      return { policy: value, secrets: {} };
    }
  });
  return { trafficPolicy: split.apply((s) => s.policy), trafficPolicySecrets: pulumi.secret(split.apply((s) => s.secrets)) };
}

/** Phases, rules, actions, their types and configs, and the lists holding credentials are plain values. */
function hasPlainStructure(policy: unknown): boolean {
  if (!isPlain(policy) || !isRecord(policy)) return false;
  return Object.values(policy).every(
    (rules) =>
      rules === undefined ||
      (Array.isArray(rules) &&
        rules.every(
          (rule) =>
            isRecord(rule) &&
            isPlain(rule) &&
            Array.isArray(rule.actions) &&
            rule.actions.every((action) => {
              if (!isRecord(action) || !isPlain(action) || typeof action.type !== "string") return false;
              if (action.config === undefined) return true;
              if (!isRecord(action.config) || !isPlain(action.config)) return false;
              // A credential may be an output; a list of them must be a list, to split it element by element.
              const config = action.config;
              const spec = ACTIONS[action.type];
              const fields = spec && spec.config !== "open" ? spec.config : {};
              return secretFields(action).every((f) => fields[snake(f)]?.kind !== "strings" || !isOutputLike(config[f]));
            }),
        )),
  );
}

function isPlain(value: unknown): boolean {
  return !isOutputLike(value);
}

function isOutputLike(value: unknown): boolean {
  return pulumi.Output.isInstance(value) || (typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function");
}

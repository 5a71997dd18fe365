/**
 * A Traffic Policy as an input: a typed object, or YAML or JSON text, whose credentials travel in
 * a secret map beside it (one entry per place). A CloudEndpoint's `trafficPolicy` and a
 * SharedTrafficPolicy's `policy` are both made here, each with the name of its map and what its
 * other inputs allow (an endpoint's URL; a shared policy knows no URL).
 */
import { containsUnknown, isAbsent, unknownValue } from "../engine/values";
import { checkedAsWritten, policyNotes, policyProblems, type PolicyTarget } from "../policy/validate";
import { PolicyValue } from "../policy/value";
import { secretReferences } from "../policy/secrets";
import { ACTIONS, PHASES } from "../policy/actions";
import type { AccountReader, ExternalType, Props } from "../contract";

/** The policy the program gives, with the credentials of its secret map in their places. */
export function givenPolicy(policy: unknown, secrets: unknown): PolicyValue {
  return PolicyValue.of(policy).withSecrets(secrets);
}

/** The policy a stored text holds, or undefined when it holds none. */
export function apiPolicy(text: unknown): PolicyValue | undefined {
  return typeof text === "string" && text !== "" ? PolicyValue.of(text) : undefined;
}

const anyMap = { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } };
const ref = (name: string) => ({ $ref: `#/types/ngrok:index:${name}` });

/**
 * The policy's types for the languages whose SDKs Pulumi's code generators write (Python, Go,
 * Java, YAML): ngrok's documented form, phases and configuration fields as ngrok's documentation
 * spells them (`on_http_request`, `status_code`), so that a program's policy reads as the
 * documentation does in every language. TypeScript's typed, camelCase form is sdk/policy.ts's.
 */
const policySchemaTypes: Record<string, Record<string, unknown>> = {
  TrafficPolicy: {
    type: "object",
    description: "A Traffic Policy as ngrok's documentation writes it (https://ngrok.com/docs/traffic-policy): its rules by phase, each run in order.",
    properties: Object.fromEntries(
      Object.keys(PHASES).map((phase) => [phase, { type: "array", items: ref("TrafficPolicyRule"), description: `The rules of the \`${phase}\` phase, in order.` }]),
    ),
  },
  TrafficPolicyRule: {
    type: "object",
    description: "A rule: when every expression holds (or there is none), its actions run in order.",
    properties: {
      name: { type: "string", description: "The rule's name, shown in ngrok's logs." },
      expressions: { type: "array", items: { type: "string" }, description: "CEL expressions that must all be true for the actions to run (https://ngrok.com/docs/traffic-policy/concepts/expressions)." },
      actions: { type: "array", items: ref("TrafficPolicyAction"), description: "The actions, in order." },
    },
    required: ["actions"],
  },
  TrafficPolicyAction: {
    type: "object",
    description: "An action and its configuration, its fields spelled as the action's page of ngrok's documentation spells them.",
    properties: {
      type: { type: "string", description: `The action: ${Object.keys(ACTIONS).map((a) => `\`${a}\``).join(", ")}.` },
      config: { ...anyMap, description: "The action's configuration (`status_code`, `headers`, `body`, ...)." },
    },
    required: ["type"],
  },
};

/** The external type of a policy input whose credentials are in input `secrets`, checked for what `target` allows. */
export function policyType(options: { secrets: string; target: (inputs: Props) => PolicyTarget | undefined; tsInput: string }): ExternalType {
  const given = (value: unknown, inputs: Props) => givenPolicy(value, inputs[options.secrets]);
  return {
    kind: "external",
    tsInput: options.tsInput,
    tsOutput: "TrafficPolicy",
    sdkModule: "./policy",
    schema: { oneOf: [anyMap, { type: "string" }] },
    // The typed form first, then any object (TypeScript's camelCase form, read by the provider too)
    // and the text: every program written for the object-or-text input still type-checks.
    inputSchema: { oneOf: [ref("TrafficPolicy"), anyMap, { type: "string" }] },
    schemaTypes: policySchemaTypes,
    docs: "TrafficPolicy \\| string",
    problems(value: unknown, inputs: Props) {
      if (value === unknownValue) return [];
      // A problem about a value still unknown at preview is no problem yet.
      return policyProblems(given(value, inputs), options.target(inputs), containsUnknown);
    },
    notes(value: unknown, inputs: Props) {
      if (value === unknownValue) return [];
      return policyNotes(given(value, inputs));
    },
    // ngrok's YAML text, as its documentation writes policies: Pulumi's Go program generator cannot
    // write a policy object (its lists of untyped values come out as `pulumi.Any{...}`, which does not
    // compile), and text is a policy in every language. Each credential kept apart is left empty,
    // which preview refuses, for the program to read from config: never a value in the code.
    imported(value: unknown, outputs: Props) {
      const kept = outputs[options.secrets];
      const blanks = kept !== null && typeof kept === "object" ? Object.fromEntries(Object.keys(kept).map((place) => [place, ""])) : {};
      const policy = givenPolicy(value, blanks);
      if (policy.textError) return value;
      const { stringify } = require("yaml") as typeof import("yaml");
      return stringify(policy.toWire(), { lineWidth: 0 });
    },
    // A note, not a failure: the program may create the vault or the secret in the same `up`, and a
    // preview checks resources in no order it could rely on to have seen them.
    async accountNotes(value: unknown, inputs: Props, account: AccountReader) {
      if (value === unknownValue) return [];
      const refs = secretReferences(given(value, inputs));
      if (refs.length === 0) return [];
      const vaults = await account.list("/vaults", "vaults");
      const notes: { path: readonly (string | number)[]; message: string }[] = [];
      for (const ref of refs) {
        const vault = vaults.find((v) => v["name"] === ref.vault);
        if (vault === undefined) {
          notes.push({ path: ref.path, message: `reads vault '${ref.vault}', which this account does not have: unless this program creates it, requests reaching it will be answered 500 (ERR_NGROK_2253)` });
          continue;
        }
        const secrets = await account.list(`/vaults/${encodeURIComponent(String(vault["id"]))}/secrets`, "secrets");
        if (!secrets.some((s) => s["name"] === ref.secret)) {
          notes.push({ path: ref.path, message: `reads secret '${ref.secret}' of vault '${ref.vault}', which the vault does not hold: unless this program creates it, requests reaching it will be answered 500 (ERR_NGROK_2253)` });
        }
      }
      return notes;
    },
  };
}

/**
 * What the SDK class's preparer does, for a program with no SDK code (the plugin's Check): the
 * policy's credentials split into input `secrets`, text parsed; credentials already split out
 * (inputs read back for an import) stay. Text that does not parse, or that the check refuses, goes
 * on as it is, for the check to explain.
 */
export function policySplitter(policyKey: string, secretsKey: string): (inputs: Props) => Props {
  return (inputs) => {
    const given = inputs[policyKey];
    if (isAbsent(given) || given === unknownValue) return {};
    const known = inputs[secretsKey];
    const value = PolicyValue.of(given).withSecrets(containsUnknown(known) ? undefined : known);
    // Refused text goes to the check as written, to be named in the program's spelling.
    if (checkedAsWritten(value, containsUnknown)) return {};
    const split = value.inputs();
    if (!split) return {};
    return { [policyKey]: split.trafficPolicy, [secretsKey]: split.trafficPolicySecrets };
  };
}

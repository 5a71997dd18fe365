/**
 * The preview check of a policy: the rules of rules.ts with CEL parsed by @bufbuild/cel. Each
 * problem names where it is as the program spelled the policy (the typed form's
 * `onHttpRequest[0].actions[1].config.statusCode`, or `on_http_request[0].actions[1].config.status_code`
 * for text as ngrok writes it), and never quotes a value the program gave, except names from
 * ngrok's closed vocabularies (phases, action types).
 */
import { parseCel } from "./cel";
import { problemsOf, type PolicyProblem, type PolicyTarget } from "./rules";
import type { PolicyValue } from "./value";

export { checkedAsWritten, pathText, policyNotes, validatePolicy, type PathSegment, type PolicyProblem, type PolicyTarget, type WireProblem } from "./rules";

/** What is wrong with a policy for an endpoint whose URL allows `target`; a problem at a `pending` value is no problem yet. */
export function policyProblems(value: PolicyValue, target?: PolicyTarget, pending?: (value: unknown) => boolean): PolicyProblem[] {
  return problemsOf(value, target, pending, parseCel);
}

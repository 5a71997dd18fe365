/**
 * ngrok Traffic Policies: the typed form programs write, the wire form ngrok documents, and the
 * policy value read once from either (or from YAML or JSON text) that answers everything else.
 */
export type * from "./types";
export { ACTIONS, PHASES, type ActionSpec, type FieldSpec, type Phase, type WirePhase } from "./actions";
export { PolicyTextError, PolicyValue, canSplitNow, policyWork, toWirePolicy, type PolicyInputs, type PolicyWork, type Spelling } from "./value";
export { checkedAsWritten, pathText, policyNotes, policyProblems, type PathSegment, type PolicyProblem, type PolicyTarget } from "./validate";
export { policyChanges } from "./diff";

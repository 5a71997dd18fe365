/**
 * ngrok Traffic Policies: the typed form programs write, the wire form ngrok documents, and
 * conversion, normalisation, validation, secrets and differences between them.
 */
export type * from "./types";
export { ACTIONS, PHASES, type ActionSpec, type FieldSpec, type Phase, type WirePhase } from "./actions";
export { PolicyTextError, parseText, toTyped, toWirePolicy, typedToWire, wireToTyped } from "./parse";
export { canonicalPolicy, canonicalWire, policyKey } from "./normalise";
export { pathText, validatePolicy, type PathSegment, type PolicyProblem, type PolicyTarget } from "./validate";
export { mergeSecrets, splitSecrets, type SplitPolicy } from "./secrets";
export { policyChanges } from "./diff";

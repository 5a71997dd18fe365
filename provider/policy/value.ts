/**
 * A Traffic Policy as one value: read once from whatever spelling it comes in (the typed object,
 * ngrok's documented wire object, YAML or JSON text), held in ngrok's documented form with its
 * credentials in place, and asked for what each use needs: the text the API receives, the key
 * that compares two policies, the typed form without credentials and the credentials by their
 * place (what state keeps), and the problems against an endpoint's URL.
 */
import { canonicalWire } from "./normalise";
import { PolicyTextError, isRecord, parseText, typedToWire, wireToTyped } from "./parse";
import { placeCredentials, splitCredentials, type SplitPolicy } from "./secrets";
import type { TrafficPolicy, WirePolicy } from "./types";
import { validatePolicy, type PathSegment, type PolicyProblem, type PolicyTarget } from "./validate";

/** How much work values have done: given values read, and walks of whole policies. */
export interface PolicyWork {
  /** Values read from what was given (text parsed, or an object converted). */
  reads: number;
  /** Walks of a whole policy: a text parse, a conversion between forms, a split, a canonical form, a validation. */
  walks: number;
}
/** What a CloudEndpoint keeps of a policy (see `PolicyValue.inputs`). */
export interface PolicyInputs {
  trafficPolicy: unknown;
  trafficPolicySecrets: Record<string, unknown>;
}

const work: PolicyWork = { reads: 0, walks: 0 };

/** A copy of the counters, for tests and benchmarks that measure how often a policy is read. */
export function policyWork(): PolicyWork {
  return { ...work };
}

// Values by what they were read from. A provider's operation never changes the inputs it is
// given, so within one call (a Check, a Create) the same object or text is the same value.
const byObject = new WeakMap<object, PolicyValue>();
const byText = new Map<string, PolicyValue>();
const TEXTS_KEPT = 32;

export class PolicyValue {
  private cache: { key?: string; split?: SplitPolicy; typed?: unknown } = {};

  private constructor(
    /** The policy in ngrok's documented form, credentials in place; a value that is no policy, as it is. */
    private readonly wire: unknown,
    /** Why the text given is not YAML or JSON (then `wire` is the text). */
    readonly textError?: PolicyTextError,
  ) {}

  /**
   * The value of a policy as an input or the API gives it, read once per object or text: ask
   * again with the same one and the same value answers. Only for values no one changes after
   * (a provider's inputs, the API's answers); a program's own objects go through `read`.
   */
  static of(given: unknown): PolicyValue {
    if (typeof given === "string") {
      let value = byText.get(given);
      if (!value) {
        value = PolicyValue.read(given);
        if (byText.size >= TEXTS_KEPT) byText.delete(byText.keys().next().value!);
        byText.set(given, value);
      }
      return value;
    }
    if (typeof given !== "object" || given === null) return PolicyValue.read(given);
    let value = byObject.get(given);
    if (!value) {
      value = PolicyValue.read(given);
      byObject.set(given, value);
    }
    return value;
  }

  /** The value of a policy in any spelling, read now. */
  static read(given: unknown): PolicyValue {
    // Absent, or no policy at all (a number): nothing to read, and nothing for the key to order.
    if (typeof given !== "string" && (typeof given !== "object" || given === null)) return new PolicyValue(given);
    work.reads++;
    if (typeof given !== "string") return new PolicyValue(walked(typedToWire(given)));
    try {
      return new PolicyValue(walked(parseText(given)));
    } catch (err) {
      if (err instanceof PolicyTextError) return new PolicyValue(given, err);
      throw err;
    }
  }

  /**
   * The same policy with credentials given beside it (`trafficPolicySecrets`) put in their
   * places; a credential already in the policy stays. Nothing is read again.
   */
  withSecrets(secrets: unknown): PolicyValue {
    if (this.textError || !isRecord(secrets) || Object.keys(secrets).length === 0) return this;
    return new PolicyValue(placeCredentials(this.wire, secrets));
  }

  /** The policy as ngrok documents it, credentials in place (what the API receives). */
  toWire(): WirePolicy {
    if (this.textError) throw this.textError;
    return this.wire as WirePolicy;
  }

  /** The JSON text the API receives: ngrok's documented form, credentials in place. */
  apiText(): string {
    return JSON.stringify(this.toWire());
  }

  /**
   * The key two policies that mean the same share (spelling, key order and documented defaults
   * make no difference); text that cannot be read is its own key.
   */
  key(): string {
    if (this.cache.key === undefined) {
      this.cache.key = JSON.stringify(this.textError || !isRecord(this.wire) ? this.wire : walked(canonicalWire(this.wire)));
    }
    return this.cache.key;
  }

  /**
   * What a CloudEndpoint keeps of the policy, as its SDK class and the plugin's hosts hand it to
   * the engine: `trafficPolicy` in the typed form without its credentials, `trafficPolicySecrets`
   * the credentials by their place. Undefined for text that cannot be read.
   */
  inputs(): PolicyInputs | undefined {
    if (this.textError) return undefined;
    return { trafficPolicy: this.typed(), trafficPolicySecrets: this.split().secrets };
  }

  /** The typed form without credentials, as state keeps it; text that cannot be read, as it is. */
  typed(): unknown {
    if (this.textError) return this.wire;
    if (this.cache.typed === undefined) {
      const plain = this.split().policy;
      const typed = isRecord(plain) ? walked(wireToTyped(plain)) : plain;
      // The typed form is this policy without its credentials: a later use of it needs no reading.
      if (isRecord(typed) && !byObject.has(typed)) byObject.set(typed, new PolicyValue(plain));
      this.cache.typed = typed;
    }
    return this.cache.typed;
  }

  /** The credentials by their place (`onHttpRequest[0].actions[1].config.clientSecret`); none for unreadable text. */
  secrets(): Record<string, unknown> | undefined {
    return this.textError ? undefined : this.split().secrets;
  }

  /**
   * What is wrong with it for an endpoint whose URL allows `target`: each problem with its path in
   * the typed form and a message that begins with a verb and quotes no value. A problem at a place
   * whose value is `pending` (unknown at preview) is no problem yet.
   */
  problems(target?: PolicyTarget, pending?: (value: unknown) => boolean): PolicyProblem[] {
    const err = this.textError;
    if (err) return [{ path: [], message: `${err.message}${err.line !== undefined ? ` at line ${err.line}, column ${err.column}` : ""}` }];
    const problems = walked(validatePolicy(this.wire, target));
    return problems.filter((p) => !pending?.(valueAt(this.wire, p.at))).map(({ path, message }) => ({ path, message }));
  }

  private split(): SplitPolicy {
    this.cache.split ??= isRecord(this.wire) ? walked(splitCredentials(this.wire)) : { policy: this.wire, secrets: {} };
    return this.cache.split;
  }
}

/**
 * The policy in ngrok's documented form (what `testPolicy` and ngrok's tools take), from the typed
 * object, the wire object, or YAML or JSON text (text that is neither throws PolicyTextError).
 */
export function toWirePolicy(input: TrafficPolicy | WirePolicy | string): WirePolicy {
  return PolicyValue.read(input).toWire();
}

/** Counts a walk of a whole policy; answers what the walk made. */
function walked<T>(made: T): T {
  work.walks++;
  return made;
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

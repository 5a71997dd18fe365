/**
 * The dynamic-provider object Pulumi serialises into each resource's state (`__provider`). It
 * must stay tiny and self-contained: each method only `require`s the implementation by package
 * name at call time, so no client, schema or secret is ever captured, and the same text keeps
 * working after upgrades. Do not reference anything from this module's scope inside the methods.
 */
import type * as pulumi from "@pulumi/pulumi";

type Implementation = typeof import("../provider");

const stubs = new Map<string, pulumi.dynamic.ResourceProvider>();

/** One stub per resource kind, reused so that Pulumi serialises it once. */
export function providerFor(kind: string): pulumi.dynamic.ResourceProvider {
  let stub = stubs.get(kind);
  if (!stub) {
    stub = makeStub(kind);
    stubs.set(kind, stub);
  }
  return stub;
}

/**
 * Every resource's state holds this object's serialised text twice (inputs and outputs), and
 * Pulumi's function serialiser wraps each function in some 160 bytes of its own: so the methods
 * are one-liners around one shared function, the only one that captures the kind and the only
 * `require`. Its name (`c`: "call") and the parameters are one letter each, and rest parameters
 * spare the serialiser's placeholders, for every byte is stored twice per resource.
 */
function makeStub(kind: string): pulumi.dynamic.ResourceProvider {
  // `never`: each method returns what the host expects of it, which the implementation answers.
  const c = (...a: [method: string, args: unknown[]]) => (require("pulumi-ngrok/provider") as Implementation).call(kind, ...a) as Promise<never>;
  // prettier-ignore
  return {
    configure: (...a) => c("configure", a),
    check: (...a) => c("check", a),
    diff: (...a) => c("diff", a),
    create: (...a) => c("create", a),
    read: (...a) => c("read", a),
    update: (...a) => c("update", a),
    delete: (...a) => c("delete", a),
  };
}

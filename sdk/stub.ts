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
 * Every resource's state holds this object's serialised text twice (inputs and outputs), and a
 * function serialises with its source text and a wrapper of its own: so, one line per method and
 * rest parameters.
 */
function makeStub(kind: string): pulumi.dynamic.ResourceProvider {
  // prettier-ignore
  return {
    configure: async (r) => (require("pulumi-ngrok/provider") as Implementation).configure((k) => r.config.get(k)),
    check: (...a) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).check(...a),
    diff: (...a) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).diff(...a),
    create: (...a) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).create(...a),
    read: (...a) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).read(...a),
    update: (...a) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).update(...a),
    delete: (...a) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).delete(...a),
  };
}

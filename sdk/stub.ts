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

function makeStub(kind: string): pulumi.dynamic.ResourceProvider {
  return {
    configure: async (req) =>
      (require("pulumi-ngrok/provider") as Implementation).configure((key) => req.config.get(key)),
    check: (olds, news) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).check(olds, news),
    diff: (id, olds, news) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).diff(id, olds, news),
    create: (inputs) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).create(inputs),
    read: (id, props) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).read(id, props),
    update: (id, olds, news) =>
      (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).update(id, olds, news),
    delete: (id, props) => (require("pulumi-ngrok/provider") as Implementation).dispatch(kind).delete(id, props),
  };
}

/**
 * The SDK classes expose every property of their definition as an output, for new and adopted
 * resources, but those only lookups answer: in both packages, pulumi-ngrok and the plugin's
 * pulumi-ngrok-plugin (built from dist/ as `make plugin` builds it).
 */
import * as pulumi from "@pulumi/pulumi";
import { definitions } from "../../../provider";
import type { ResourceDefinition } from "../../../provider/contract";
import { pluginPackage } from "../../support/plugin-package";
import { sampleArgs, sampleId, sampleLocation, sampleState } from "../../support/samples";

type ResourceClass = (new (name: string, args: unknown) => pulumi.Resource) & {
  get(name: string, id: string, ...rest: unknown[]): pulumi.Resource;
};

const all = definitions as Record<string, ResourceDefinition>;
const lookupOnly = (def: ResourceDefinition, name: string): boolean => def.properties[name]!.lookupOnly === true;
/** What the mocked engine answers for each kind: a value for every property of its outputs. */
const values = Object.fromEntries(
  Object.entries(all).map(([kind, def]) => [kind, Object.fromEntries(Object.entries(sampleState(def)).filter(([name]) => !lookupOnly(def, name)))]),
);

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      // `get` reads: the mock answers with the resource's state, as the provider's read would.
      newResource: (args) => ({ id: args.id ?? `${args.name}-id`, state: { ...args.inputs, ...values[args.type.split(":").pop()!] } }),
      call: () => ({}),
    },
    "sdk-test",
    "dev",
    false,
  );
});

function output(r: pulumi.Resource, key: string): Promise<unknown> {
  const o = (r as unknown as Record<string, unknown>)[key];
  if (!pulumi.Output.isInstance(o)) return Promise.resolve(`<${key} is not an output>`);
  return new Promise((resolve) => o.apply(resolve));
}

const packages: [string, () => Record<string, unknown>][] = [
  ["pulumi-ngrok", () => require("pulumi-ngrok") as Record<string, unknown>],
  ["pulumi-ngrok-plugin", () => require(pluginPackage().dir) as Record<string, unknown>],
];

describe.each(packages.flatMap(([name, load]) => Object.keys(definitions).map((kind) => [name, kind, load] as const)))("%s: %s", (_, kind, load) => {
  const Class = () => load()[kind] as ResourceClass;
  const def = all[kind]!;

  it("declares every property as an output, but those only lookups answer", () => {
    const r = new (Class())(`new-${kind}`, sampleArgs(def));
    for (const name of Object.keys(def.properties)) {
      const isOutput = pulumi.Output.isInstance((r as unknown as Record<string, unknown>)[name]);
      expect({ name, isOutput }).toEqual({ name, isOutput: !lookupOnly(def, name) });
    }
  });

  // A kind that is no object of the API (no binding) has no `get`.
  if (!def.binding) return;
  it("get() resolves every property, required inputs included", async () => {
    const location = sampleLocation(def);
    const r = location ? Class().get(`got-${kind}`, sampleId(def), location) : Class().get(`got-${kind}`, sampleId(def));
    for (const [name, value] of Object.entries(values[kind]!)) {
      expect({ name, value: await output(r, name) }).toEqual({ name, value });
    }
  });
});

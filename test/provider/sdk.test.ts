/** The SDK classes expose every property of their definition as an output, for new and adopted resources. */
import * as pulumi from "@pulumi/pulumi";
import { definitions } from "../../provider";
import type { ResourceDefinition } from "../../provider/definitions/types";
import { sampleArgs, sampleId, sampleLocation, sampleState } from "../support/samples";

const sdk = require("pulumi-ngrok") as Record<string, unknown>;

type ResourceClass = (new (name: string, args: unknown) => pulumi.Resource) & {
  get(name: string, id: string, ...rest: unknown[]): pulumi.Resource;
};

const all = definitions as Record<string, ResourceDefinition>;
/** What the mocked engine answers for each kind: a value for every property. */
const values = Object.fromEntries(Object.entries(all).map(([kind, def]) => [kind, sampleState(def)]));

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

describe.each(Object.keys(definitions))("%s", (kind) => {
  const Class = sdk[kind] as ResourceClass;
  const def = all[kind]!;

  it("declares every property as an output", () => {
    const r = new Class(`new-${kind}`, sampleArgs(def));
    for (const name of Object.keys(def.properties)) {
      expect({ name, isOutput: pulumi.Output.isInstance((r as unknown as Record<string, unknown>)[name]) }).toEqual({ name, isOutput: true });
    }
  });

  it("get() resolves every property, required inputs included", async () => {
    const location = sampleLocation(def);
    const r = location ? Class.get(`got-${kind}`, sampleId(def), location) : Class.get(`got-${kind}`, sampleId(def));
    for (const [name, value] of Object.entries(values[kind]!)) {
      expect({ name, value: await output(r, name) }).toEqual({ name, value });
    }
  });
});

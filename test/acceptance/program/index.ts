// The acceptance program (make acceptance): one resource of each kind that the stack config
// `spec` lists, named by its kind, in the spec's order; an input `{ "$ref": "<Kind>" }` is the id
// of that kind's resource. With `lookups`, every resource is also looked up by id and the ids
// found are exported as `lookups`.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

interface Spec {
    resources: { kind: string; inputs: Record<string, unknown>; importId?: string }[];
    lookups?: boolean;
}

type Made = pulumi.CustomResource;
type Constructor = new (name: string, args: Record<string, unknown>) => Made;
type Lookup = (args: { id: pulumi.Input<string> }) => pulumi.Output<{ id: string }>;

const spec = new pulumi.Config().requireObject<Spec>("spec");
const made: Record<string, Made> = {};
const library = ngrok as unknown as Record<string, unknown>;

function resolve(v: unknown): unknown {
    if (Array.isArray(v)) return v.map(resolve);
    if (typeof v === "object" && v !== null) {
        const r = (v as { $ref?: string }).$ref;
        if (r !== undefined) {
            const target = made[r];
            if (target === undefined) throw new Error(`${r} is referred to before it is declared`);
            return target.id;
        }
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]));
    }
    return v;
}

for (const r of spec.resources) {
    const Kind = library[r.kind] as Constructor;
    const args = resolve(r.inputs) as Record<string, unknown>;
    if (r.importId !== undefined) args["importId"] = r.importId;
    made[r.kind] = new Kind(r.kind, args);
}

export const ids = pulumi.all(Object.fromEntries(Object.entries(made).map(([k, m]) => [k, m.id])));
export const lookups = spec.lookups
    ? pulumi.all(Object.fromEntries(Object.entries(made).map(([k, m]) => [k, (library[`get${k}Output`] as Lookup)({ id: m.id }).id])))
    : undefined;

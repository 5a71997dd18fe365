// Resources of any kind through the provider plugin, by type token (`ngrok:index:<kind>`), as
// stack config `resources` declares them: a list of { kind, name, inputs, secretInputs, outputs }.
// `secretInputs` are passed as secrets; each of `outputs` is exported as `<name>.<output>`.
import * as pulumi from "@pulumi/pulumi";

interface Declared {
    kind: string;
    name: string;
    inputs: Record<string, unknown>;
    secretInputs?: string[];
    outputs?: string[];
}

const config = new pulumi.Config();
const declared = config.requireObject<Declared[]>("resources");
const version = config.require("pluginVersion");

/** A resource of the plugin's, any kind (CustomResource is abstract). */
class PluginResource extends pulumi.CustomResource {}

const exported: Record<string, pulumi.Output<unknown>> = {};
for (const d of declared) {
    const props: Record<string, pulumi.Input<unknown>> = {};
    for (const [k, v] of Object.entries(d.inputs)) props[k] = d.secretInputs?.includes(k) ? pulumi.secret(v) : v;
    for (const o of d.outputs ?? []) if (!(o in props)) props[o] = undefined;
    const resource = new PluginResource(`ngrok:index:${d.kind}`, d.name, props, { version });
    const outputs = resource as unknown as Record<string, pulumi.Output<unknown>>;
    for (const o of d.outputs ?? []) exported[`${d.name}.${o}`] = outputs[o]!;
    exported[`${d.name}.id`] = resource.id;
}

export const resources = exported;

/**
 * The dynamic door, the package pulumi-ngrok: every resource is a Pulumi dynamic resource
 * (`pulumi-nodejs:dynamic/ngrok:<kind>`) served through the stub (./stub), and functions run in
 * the program's own process. The generated classes and functions (sdk/generated/, compiled beside
 * this module into dist/sdk) know only this module's exports; the plugin's package
 * (pulumi-ngrok-plugin) puts sdk/nodejs/door.ts in its place, with the same exports.
 */
import * as pulumi from "@pulumi/pulumi";
import type * as program from "../provider/hosts/program";
import type { FunctionName } from "../provider/functions";
import { providerFor } from "./stub";

/** The base of every resource class: a dynamic resource of `kind`. */
export abstract class NgrokResource extends pulumi.dynamic.Resource {
  protected constructor(kind: string, name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    // A resource the plugin's package made (a stack moving from it to this package) is the same
    // resource: the engine finds it by this alias, and the host's Diff decides what changes.
    const aliased = pulumi.mergeOptions(opts, { aliases: [{ type: `ngrok:index:${kind}` }] });
    super(providerFor(kind), name, props, aliased, "ngrok", kind);
  }
}

/** Runs the function `name` in this process (provider/hosts/program.ts). */
export function invoke<T>(name: string, args: Record<string, unknown>, opts?: pulumi.InvokeOptions): Promise<T> {
  return implementation().invoke<T>(name as FunctionName, args, opts);
}

/** The Output form of {@link invoke}. */
export function invokeOutput<T>(name: string, args: pulumi.Inputs | undefined, opts?: pulumi.InvokeOutputOptions): pulumi.Output<T> {
  return implementation().invokeOutput<T>(name as FunctionName, args, opts);
}

// Loaded on a function's first call: a program that declares only resources never loads the
// client, the definitions and their schemas.
function implementation(): typeof program {
  return require("../provider/hosts/program") as typeof program;
}

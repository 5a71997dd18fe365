/**
 * The plugin door, the package pulumi-ngrok-plugin: every resource is a resource of the provider
 * plugin `pulumi-resource-ngrok` (`ngrok:index:<kind>`), and functions run in the plugin through
 * the engine. `make plugin` builds the package from dist/sdk (the generated sdk/generated/ and
 * the hand-written sdk/) with this file in place of sdk/door.ts: it has the same exports, so the
 * generated classes and functions are the same on both doors.
 * Nothing here may import from provider/ (the package holds only what sdk/ needs at run time).
 */
import { inspect } from "node:util";
import * as pulumi from "@pulumi/pulumi";

let plugin: { version: string; pluginDownloadURL?: string } | undefined;

/**
 * The plugin every resource and call asks the engine for: the package's version (the plugin and
 * the package are built together, so the engine must use the plugin of exactly this version) and
 * where to download it when it is not installed, the `server` of the package's `pulumi` block.
 * Read from the package's own package.json (this file is sdk/door.js in it).
 */
function pluginOptions(): { version: string; pluginDownloadURL?: string } {
  if (!plugin) {
    const manifest = require("../package.json") as { version: string; pulumi?: { server?: string } };
    plugin = { version: manifest.version, ...(manifest.pulumi?.server ? { pluginDownloadURL: manifest.pulumi.server } : {}) };
  }
  return plugin;
}

/** The base of every resource class: a resource of the provider plugin, of type `ngrok:index:<kind>`. */
export abstract class NgrokResource extends pulumi.CustomResource {
  protected constructor(kind: string, name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    // A resource pulumi-ngrok made (a stack moving from it to this package) is the same resource:
    // the engine finds it by this alias, and the plugin's Diff decides what changes.
    const aliased = pulumi.mergeOptions(pulumi.mergeOptions({ ...pluginOptions() }, opts), {
      aliases: [{ type: `pulumi-nodejs:dynamic/ngrok:${kind}` }],
    });
    super(`ngrok:index:${kind}`, name, props, aliased);
  }
}

/** Runs the function `name` in the provider plugin. */
export function invoke<T>(name: string, args: Record<string, unknown>, opts?: pulumi.InvokeOptions): Promise<T> {
  return (pulumi.runtime.invoke(`ngrok:index:${name}`, args, { ...pluginOptions(), ...opts }) as Promise<T>).catch((err: unknown) => {
    throw oneLine(err);
  });
}

/**
 * The Output form of {@link invoke}: it runs once the arguments (and `opts.dependsOn`) are known;
 * during a preview an unknown argument makes the result unknown. It is built on the promise form
 * rather than on `pulumi.runtime.invokeOutput`, whose failure the program's runtime would print
 * with its stack.
 */
export function invokeOutput<T>(name: string, args: pulumi.Inputs | undefined, opts?: pulumi.InvokeOutputOptions): pulumi.Output<T> {
  const { dependsOn, ...rest } = opts ?? {};
  return pulumi.all([pulumi.output(args ?? {}), dependencies(dependsOn)]).apply(([known]) => invoke<T>(name, known as Record<string, unknown>, rest)) as pulumi.Output<T>;
}

/** Resolves when the resources `dependsOn` names exist (their ids are known). */
function dependencies(dependsOn: pulumi.InvokeOutputOptions["dependsOn"]): pulumi.Output<unknown[]> {
  if (!dependsOn) return pulumi.output([]);
  return pulumi.output(dependsOn as pulumi.Input<pulumi.Input<pulumi.Resource>[] | pulumi.Resource>).apply((deps) => {
    const list = (Array.isArray(deps) ? deps : [deps]) as pulumi.Resource[];
    return pulumi.all(list.map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn)));
  });
}

/**
 * A function's failure, marked so that the program's runtime prints it in one line: Pulumi's
 * Node.js host prints an error carrying RunError's mark as its message alone, and any other with
 * its stack (coloured by Node whatever NO_COLOR says). The engine's words around the plugin's
 * answer are left out.
 *
 * Inspected, it is that line too. The runtime also inspects every uncaught error, with colours,
 * for its trace; and Node's coloured inspection never ends on a stack frame in a file directly
 * under a scoped package's folder (`node_modules/@pulumi/output.ts`, where @pulumi/pulumi's
 * source maps put its frames): it grows a string until it fails, half a minute or more later.
 */
function oneLine(err: unknown): Error {
  const error = err instanceof Error ? err : new Error(String(err));
  if (Object.isFrozen(error)) return error;
  // The provider's message names the function already.
  const own = error.message.replace(/^invocation of ngrok:index:\w+ returned an error: /, "");
  if (own !== error.message) error.message = own;
  Object.defineProperty(error, "__pulumiRunError", { value: true, enumerable: false, configurable: true });
  const line = `${error.name}: ${error.message}`;
  Object.defineProperty(error, inspect.custom, { value: () => line, enumerable: false, configurable: true });
  return error;
}

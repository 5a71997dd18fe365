/**
 * Runs functions in the program's own process (not the dynamic-provider host): the SDK's
 * generated functions call `invoke` and `invokeOutput`. They run on a provider core built from the
 * program's stack config (`ngrok:apiKey`, `ngrok:apiBaseUrl`, ...) and then the environment,
 * exactly as for the resources, with the same client (pacing, retries, typed errors); its lines
 * go to the program's log. Nothing is stored.
 */
import { inspect } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { Provider } from "../core/provider";
import { type Props, readSettings, sameSettings } from "../contract";
import type { FunctionName } from "../functions";

/** The program's provider: one per process, so that the program's lookups share list walks. */
let current: Provider | undefined;

/** The provider for the program's stack config, falling back to the environment. */
export function programProvider(): Provider {
  const config = new pulumi.Config("ngrok");
  const prefix = "ngrok:";
  const settings = readSettings((key) => (key.startsWith(prefix) ? config.get(key.slice(prefix.length)) : undefined));
  if (!current || !sameSettings(current.settings, settings)) {
    void current?.close();
    current = new Provider({ settings, events: { info: (m) => void pulumi.log.info(m), debug: (m) => void pulumi.log.debug(m) } });
  }
  return current;
}

/**
 * The promise form. `opts` is accepted as every Pulumi function accepts it; these functions call
 * the API directly, so a provider, parent or version in it changes nothing.
 */
export async function invoke<T = Props>(name: FunctionName, args: Props, _opts?: pulumi.InvokeOptions): Promise<T> {
  return run<T>(name, args, false);
}

async function run<T>(name: FunctionName, args: Props, fresh: boolean): Promise<T> {
  try {
    // The generated result types describe what the function returns.
    return (await programProvider().invoke(name, args, { preview: pulumi.runtime.isDryRun(), fresh })) as unknown as T;
  } catch (err) {
    throw oneLine(err);
  }
}

/**
 * A function's failure, still of its own class (`LookupError`, `ApiError`, ...), marked so that
 * the program's runtime prints it in one line: Pulumi's Node.js host prints an error carrying
 * RunError's mark as its message alone, and any other with its stack (coloured by Node whatever
 * NO_COLOR says). The mark is hidden from inspection, as RunError's own is not.
 *
 * Inspected, it is that line too. The runtime also inspects every uncaught error, with colours,
 * for its trace; and Node's coloured inspection never ends on a stack frame in a file directly
 * under a scoped package's folder (`node_modules/@pulumi/output.ts`, where @pulumi/pulumi's
 * source maps put its frames): it grows a string until it fails, half a minute or more later.
 */
function oneLine(err: unknown): Error {
  const error = err instanceof Error ? err : new Error(String(err));
  if (Object.isFrozen(error)) return error;
  Object.defineProperty(error, "__pulumiRunError", { value: true, enumerable: false, configurable: true });
  const line = `${error.name}: ${error.message}`;
  Object.defineProperty(error, inspect.custom, { value: () => line, enumerable: false, configurable: true });
  return error;
}

/**
 * The Output form: runs once the arguments (and `opts.dependsOn`) are known. During a preview an
 * unknown argument (say, the id of a credential not yet created) makes the result unknown.
 */
export function invokeOutput<T = Props>(
  name: FunctionName,
  args: pulumi.Inputs | undefined,
  opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<T> {
  // With dependsOn, a lookup reads afresh what the resources it waited on may have changed.
  const fresh = opts?.dependsOn !== undefined;
  return pulumi.all([pulumi.output(args ?? {}), dependencies(opts)]).apply(([known]) => run<T>(name, known as Props, fresh)) as pulumi.Output<T>;
}

/** Resolves when the resources `dependsOn` names exist (their ids are known). */
function dependencies(opts: pulumi.InvokeOutputOptions | undefined): pulumi.Output<unknown[]> {
  if (!opts?.dependsOn) return pulumi.output([]);
  return pulumi.output(opts.dependsOn as pulumi.Input<pulumi.Input<pulumi.Resource>[] | pulumi.Resource>).apply((deps) => {
    const list = (Array.isArray(deps) ? deps : [deps]) as pulumi.Resource[];
    return pulumi.all(list.map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn)));
  });
}

/**
 * Runs functions in the program's own process (not the dynamic-provider host): the SDK's
 * generated functions call `invoke` and `invokeOutput`. Settings come from the program's stack
 * config (`ngrok:apiKey`, `ngrok:apiBaseUrl`, ...) and then the environment, exactly as for the
 * resources, through the same client (pacing, retries, typed errors). Nothing is stored.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ApiClient } from "../client/http";
import { configure, currentClient } from "../config";
import type { Props } from "../definitions/types";
import { functions, type FunctionName } from "./index";
import { systemClock } from "../../clock";
import { checkArguments } from "./validate";

/** The client for the program's stack config, falling back to the environment. */
export function programClient(): ApiClient {
  const config = new pulumi.Config("ngrok");
  const prefix = "ngrok:";
  configure((key) => (key.startsWith(prefix) ? config.get(key.slice(prefix.length)) : undefined));
  return currentClient();
}

/**
 * The promise form. `opts` is accepted as every Pulumi function accepts it; these functions call
 * the API directly, so a provider, parent or version in it changes nothing.
 */
export async function invoke<T = Props>(name: FunctionName, args: Props, _opts?: pulumi.InvokeOptions): Promise<T> {
  const def = functions[name];
  if (!def) throw new TypeError(`there is no function named ${name}`);
  const checked = checkArguments(def, args);
  // The generated result types describe what `run` returns for this function.
  return (await def.run(
    {
      client: programClient(),
      clock: systemClock,
      report: (message) => void pulumi.log.info(message),
      dryRun: def.kind === "command" && pulumi.runtime.isDryRun(),
    },
    checked,
  )) as unknown as T;
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
  return pulumi.all([pulumi.output(args ?? {}), dependencies(opts)]).apply(([known]) => invoke<T>(name, known as Props)) as pulumi.Output<T>;
}

/** Resolves when the resources `dependsOn` names exist (their ids are known). */
function dependencies(opts: pulumi.InvokeOutputOptions | undefined): pulumi.Output<unknown[]> {
  if (!opts?.dependsOn) return pulumi.output([]);
  return pulumi.output(opts.dependsOn as pulumi.Input<pulumi.Input<pulumi.Resource>[] | pulumi.Resource>).apply((deps) => {
    const list = (Array.isArray(deps) ? deps : [deps]) as pulumi.Resource[];
    return pulumi.all(list.map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn)));
  });
}

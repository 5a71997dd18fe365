/**
 * `pulumi-resource-ngrok`: started by the Pulumi engine with its own address as the last
 * argument (flags such as `--logtostderr` or `-v=9` come first). It prints the port it serves on,
 * as every provider plugin does, and runs until the engine ends it.
 *
 * `pulumi-resource-ngrok emulator [flags]` runs the bundled emulator instead, with `ngrok-emulator`'s
 * flags and output: the plugin is all a Go, Python, Java or YAML user installs, and their offline
 * tests need no Node.js (the engine never passes `emulator` as the first argument).
 */
// First: on a Node.js older than package.json's `engines.node`, fail in words, not in undici.
import "../../node-version";
import { serve } from "./server";
import { runCli } from "../../../emulator/cli";

async function main(argv: string[]): Promise<void> {
  const engineAddress = argv.filter((a) => !a.startsWith("-")).pop();
  const pkg = require("pulumi-ngrok/package.json") as { version: string };
  const schema = require("pulumi-ngrok/schema.json") as unknown;
  const text = JSON.stringify(schema);
  const running = await serve(engineAddress, { version: pkg.version, schema: () => text });
  process.stdout.write(`${running.port}\n`);
  const stop = (): void => void running.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

const argv = process.argv.slice(2);
const started = argv[0] === "emulator" ? runCli(argv.slice(1), "pulumi-resource-ngrok emulator") : main(argv);
started.catch((err: unknown) => {
  process.stderr.write(`pulumi-resource-ngrok: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

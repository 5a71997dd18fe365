/**
 * Fails in words on a Node.js older than package.json's `engines.node`. Without it, an older Node
 * fails deep inside undici (`Cannot read properties of undefined (reading 'bind')`). Both entry
 * points (the SDK and the provider) import it first, before anything loads undici or zod, so it
 * imports nothing itself.
 */

function minimumNode(): string | undefined {
  // dist/provider/ when built, provider/ when run from source (tests).
  for (const candidate of [`${__dirname}/../../package.json`, `${__dirname}/../package.json`]) {
    try {
      const pkg = require(candidate) as { name?: string; engines?: { node?: string } };
      if (pkg.name === "pulumi-ngrok") return pkg.engines?.node;
    } catch {
      // Not there: try the next one.
    }
  }
  return undefined;
}

/**
 * The one-line message for a Node.js `have` (e.g. "20.19.0") older than `wanted` (an
 * `engines.node` range of the form ">=22.19"); undefined when it is new enough, or when `wanted`
 * is missing or of another form.
 */
export function nodeVersionProblem(have: string, wanted: string | undefined): string | undefined {
  const minimum = /^\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(wanted ?? "");
  if (!minimum) return undefined;
  const need = minimum.slice(1).map((n) => Number(n ?? 0));
  const parts = have.split(".").map(Number);
  const older = need.map((n, i) => (parts[i] ?? 0) - n).find((d) => d !== 0);
  if (older === undefined || older > 0) return undefined;
  const shown = minimum.slice(1).filter((n) => n !== undefined).join(".");
  return `pulumi-ngrok needs Node.js >= ${shown} (this is ${have})`;
}

const problem = nodeVersionProblem(process.versions.node, minimumNode());
if (problem !== undefined) {
  // One line: Pulumi prints a RunError (marked by this property) as its message alone, where it
  // prints any other error with its stack, whose frames Node colours whatever NO_COLOR says; a
  // stack that is the message alone keeps plain Node to one line too.
  // Both properties hidden from inspection, so that plain Node prints the one line alone.
  const error = new Error(problem);
  Object.defineProperty(error, "__pulumiRunError", { value: true, enumerable: false });
  Object.defineProperty(error, "stack", { value: `Error: ${problem}`, enumerable: false });
  throw error;
}

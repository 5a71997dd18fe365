/**
 * Fails in words on a Node.js older than package.json's `engines.node`. Without it, an older Node
 * fails deep inside undici (`Cannot read properties of undefined (reading 'bind')`). Both entry
 * points (the SDK and the provider) import it first, before anything loads undici or zod, so it
 * imports nothing itself.
 */
export {};

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

const wanted = minimumNode();
const minimum = /^\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(wanted ?? "");
if (minimum) {
  const need = minimum.slice(1).map((n) => Number(n ?? 0));
  const have = process.versions.node.split(".").map(Number);
  const older = need.map((n, i) => (have[i] ?? 0) - n).find((d) => d !== 0);
  if (older !== undefined && older < 0) {
    const shown = minimum.slice(1).filter((n) => n !== undefined).join(".");
    throw new Error(`pulumi-ngrok needs Node.js >= ${shown} (this is ${process.versions.node})`);
  }
}

/**
 * What the real CLI shows of a replacement (test/e2e/programs/replace-lines):
 * - a module moved to another route is replaced, and `preview --diff` lists what changes
 *   (`routeId`), not the service's defaults of the inputs the program leaves unset as removals
 *   (`- numBuckets: 0`, `- enabled: true`), also after a refresh;
 * - a certificate given a new key is replaced. Its line names `certificatePem` only: the engine
 *   masks secrets before it compares inputs for display, and the dynamic-provider host passes on
 *   no property diff of a provider's own, so `privateKeyPem` cannot be named there.
 *
 * Fails, never skips, when the CLI cannot be built. The SDK is loaded from dist/ (`make build` first).
 */
import * as path from "path";
import { selfSignedPem } from "../support/certs";
import type { RunResult } from "./pulumi";
import { useEmulatorStacks } from "./fixture";

jest.setTimeout(20 * 60_000);

const programDir = path.join(__dirname, "programs", "replace-lines");
const output = (r: RunResult) => `${r.stdout}\n${r.stderr}`;

const fx = useEmulatorStacks();

/** The property lines of one resource's block in `preview --diff`, by its resource type. */
function block(text: string, type: string): string[] {
  const start = text.indexOf(`dynamic/ngrok:${type}: (replace)`);
  if (start < 0) return [];
  const lines = text.slice(start).split("\n").slice(1);
  const end = lines.findIndex((l) => /^\s*(\+-|\+\+|--|~ )?pulumi[:-]|^Resources:/.test(l.trim()) || /^\s*[+~-]*pulumi-nodejs:/.test(l));
  return lines.slice(0, end < 0 ? undefined : end).filter((l) => !/^\s*\[(id|urn)=/.test(l));
}

it("a replacement lists what changes, not the service's defaults; a new key replaces its certificate", async () => {
  const first = await selfSignedPem("a.example.com");
  const second = await selfSignedPem("a.example.com");
  const stack = await fx.create({
    programDir,
    config: { breakerRoute: "root", certificatePem: first.certificatePem },
    secretConfig: { privateKeyPem: first.privateKeyPem },
  });
  await stack.up();
  await stack.run("refresh", ["refresh", "--yes", "--skip-preview", "--config-file", stack.configFile]);
  await stack.setConfig("breakerRoute", "api");
  await stack.setConfig("certificatePem", second.certificatePem);
  await stack.setConfig("privateKeyPem", second.privateKeyPem, { secret: true });

  const diff = output(await stack.run("preview", ["preview", "--diff", "--config-file", stack.configFile]));
  const breaker = block(diff, "HttpsEdgeRouteCircuitBreaker");
  expect(breaker.filter((l) => /^\s*[-+~] /.test(l)).map((l) => l.trim().replace(/\s+:/, ":").split(":")[0])).toEqual(["~ routeId"]);

  const lines = output(await stack.run("preview", ["preview", "--config-file", stack.configFile]));
  expect(lines).toMatch(/^\s*\+- pulumi-nodejs:dynamic\/ngrok:HttpsEdgeRouteCircuitBreaker breaker replace \[diff: ~routeId\]$/m);
  expect(lines).toMatch(/^\s*\+- pulumi-nodejs:dynamic\/ngrok:TlsCertificate cert replace \[diff: ~certificatePem\]$/m);
});

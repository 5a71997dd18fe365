/**
 * What every SDK resource writes into the stack's state as `__provider`: the small stub, with
 * no API key, no local paths, and the same text every time (so state does not churn).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { definitions } from "../../../provider";
import type { ResourceDefinition } from "../../../provider/contract";
import { resourceNameKey } from "../../../provider/engine/bindings/slot-state";
import { sampleArgs } from "../../support/samples";
import { captureRegistrations } from "../../support/serialised";

// The built SDK, as a program imports it.
const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

const apiKey = "ngrok-secret-api-key-for-serialisation-test";

/** This machine's paths a stub must not hold, as found now: each as given and with links resolved. */
function localPaths(): string[] {
  const packageDir = path.dirname(require.resolve("pulumi-ngrok/package.json"));
  const found = [path.resolve(__dirname, "..", "..", ".."), packageDir, os.homedir(), os.tmpdir(), process.cwd()];
  const all = found.flatMap((p) => [p, fs.realpathSync(p)]);
  // A filesystem root ("/") is in every path-like text, `require("pulumi-ngrok/provider")` too.
  return [...new Set(all)].filter((p) => path.parse(p).root !== p);
}

it("every SDK resource serialises a small stub with no key, no paths, identical each time", async () => {
  const saved = process.env.NGROK_API_KEY;
  process.env.NGROK_API_KEY = apiKey;
  try {
    const kinds = Object.keys(definitions);
    const args = Object.fromEntries(Object.entries(definitions as Record<string, ResourceDefinition>).map(([k, d]) => [k, sampleArgs(d)]));
    const run = () =>
      captureRegistrations(() =>
        kinds.map((kind) => {
          const Resource = (sdk as unknown as Record<string, new (n: string, a: unknown) => pulumi.Resource>)[kind]!;
          return new Resource(`r-${kind}`, args[kind]);
        }),
      );
    const first = await run();
    const second = await run();
    const paths = localPaths();

    for (const kind of kinds) {
      const type = `pulumi-nodejs:dynamic/ngrok:${kind}`;
      const a = first.find((c) => c.type === type);
      const b = second.find((c) => c.type === type);
      expect({ kind, registered: a !== undefined && b !== undefined }).toEqual({ kind, registered: true });
      const text = a!.inputs.__provider as string;
      expect(typeof text).toBe("string");
      expect(Buffer.byteLength(text)).toBeLessThan(4096);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain("node_modules");
      expect({ kind, paths: paths.filter((p) => text.includes(p)) }).toEqual({ kind, paths: [] });
      expect(text).toContain('require("pulumi-ngrok/provider")');
      expect(text).toContain(JSON.stringify(kind));
      expect(b!.inputs.__provider).toBe(text);
      // The program's name of the resource goes only where a message names it (a slot or the
      // account's one object claimed twice): every input is an entry of the resource's property
      // dependencies in the state.
      const binding = (definitions as Record<string, ResourceDefinition>)[kind]!.binding?.kind;
      const named = binding === "slot" || binding === "singleton";
      expect({ kind, sendsName: resourceNameKey in a!.inputs }).toEqual({ kind, sendsName: named });
    }
  } finally {
    if (saved === undefined) delete process.env.NGROK_API_KEY;
    else process.env.NGROK_API_KEY = saved;
  }
});

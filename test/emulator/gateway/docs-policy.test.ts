/** docs/traffic-policy.md's policy test runs as written (against this checkout's emulator instead of the installed package). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as ts from "typescript";

const root = join(__dirname, "..", "..", "..");

it("the 'Test a policy' example of docs/traffic-policy.md passes", async () => {
  const doc = readFileSync(join(root, "docs", "traffic-policy.md"), "utf8");
  const start = doc.indexOf("\n## Test a policy\n");
  expect(start).toBeGreaterThan(-1);
  const code = /```typescript\n([\s\S]*?)```/.exec(doc.slice(start))?.[1];
  expect(code).toContain('from "pulumi-ngrok/emulator"');
  const js = ts.transpileModule(code!.replace('"pulumi-ngrok/emulator"', JSON.stringify(join(root, "emulator"))), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const run = new Function("require", "exports", "expect", `return (async () => {\n${js}\n})();`) as (r: NodeJS.Require, e: object, x: typeof expect) => Promise<void>;
  await run(require, {}, expect);
  // The two above and the snippet's own two.
  expect.assertions(4);
});

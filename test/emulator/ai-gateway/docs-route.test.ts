/** docs/ai-gateway.md's route test runs as written (against this checkout's emulator instead of the installed package). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as ts from "typescript";

const root = join(__dirname, "..", "..", "..");

it("the 'Test a route' example of docs/ai-gateway.md passes", async () => {
  const doc = readFileSync(join(root, "docs", "ai-gateway.md"), "utf8");
  const start = doc.indexOf("\n## Test a route\n");
  expect(start).toBeGreaterThan(-1);
  const code = /```typescript\n([\s\S]*?)```/.exec(doc.slice(start))?.[1];
  expect(code).toContain('from "pulumi-ngrok/emulator"');
  const js = ts.transpileModule(code!.replace('"pulumi-ngrok/emulator"', JSON.stringify(join(root, "emulator"))), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const run = new Function("require", "exports", "expect", `return (async () => {\n${js}\n})();`) as (r: NodeJS.Require, e: object, x: typeof expect) => Promise<void>;
  await run(require, {}, expect);
  // The two above and the snippet's own four.
  expect.assertions(6);
});

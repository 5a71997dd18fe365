/** The README's policy test runs as written (against this checkout's emulator instead of the installed package). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as ts from "typescript";

it("the README's 'Test a traffic policy' example passes", async () => {
  const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Test a traffic policy"));
  const code = /```typescript\n([\s\S]*?)```/.exec(section)?.[1];
  expect(code).toContain('from "pulumi-ngrok/emulator"');
  const js = ts.transpileModule(code!.replace('"pulumi-ngrok/emulator"', JSON.stringify(join(__dirname, "..", "..", "emulator"))), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const run = new Function("require", "exports", "expect", `return (async () => {\n${js}\n})();`) as (r: NodeJS.Require, e: object, x: typeof expect) => Promise<void>;
  await run(require, {}, expect);
  expect.assertions(3);
});

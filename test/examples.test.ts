/** Every TypeScript example (runtime nodejs) is a Pulumi program that type-checks against the built SDK. */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";

const root = path.resolve(__dirname, "..");
const examples = fs
  .readdirSync(path.join(root, "examples"))
  .filter((d) => fs.existsSync(path.join(root, "examples", d, "Pulumi.yaml")))
  .filter((d) => /^runtime: nodejs$/m.test(fs.readFileSync(path.join(root, "examples", d, "Pulumi.yaml"), "utf8")));

it("has examples", () => expect(examples.length).toBeGreaterThan(0));

it.each(examples)("examples/%s compiles", (name) => {
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", path.join(root, "examples", name, "tsconfig.json")], { stdio: "pipe" });
});

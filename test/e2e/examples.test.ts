/** Every program in examples/ is deployed end to end by its own test file in test/e2e/examples/. */
import * as fs from "fs";
import * as path from "path";
import { repoRoot } from "./pulumi";

const examples = fs
  .readdirSync(path.join(repoRoot, "examples"))
  .filter((d) => fs.existsSync(path.join(repoRoot, "examples", d, "Pulumi.yaml")))
  .sort();

it("has examples, each with an end-to-end test, and the built SDK they load", () => {
  expect(examples.length).toBeGreaterThan(0);
  const missing = examples.filter((e) => !fs.existsSync(path.join(__dirname, "examples", `${e}.test.ts`)));
  expect(missing).toEqual([]);
  expect(fs.existsSync(path.join(repoRoot, "dist", "sdk", "index.js"))).toBe(true);
});

/**
 * docs/traffic-policy-support.md is what `testPolicy` runs today: written from runs of every
 * documented action, macro and variable (test/support/traffic-policy-support.ts), it fails here
 * when the emulator has grown or shrunk since. `make traffic-policy-support` writes it again.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderSupportPage } from "../../support/traffic-policy-support";

const page = join(__dirname, "..", "..", "..", "docs", "traffic-policy-support.md");

it("docs/traffic-policy-support.md says what testPolicy runs today", async () => {
  const rendered = await renderSupportPage();
  if (process.env["TRAFFIC_POLICY_SUPPORT"] === "write") writeFileSync(page, rendered);
  expect(readFileSync(page, "utf8")).toBe(rendered);
});

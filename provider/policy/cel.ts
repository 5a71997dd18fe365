/** CEL parsed with @bufbuild/cel, for the preview check (rules.ts takes the parser; it is loaded at the first expression parsed). */
import type { CelParser } from "./rules";

/** Why an expression does not parse: "at column 21, ..." (its line too when several), "" when the parser does not say. */
export const parseCel: CelParser = (expression) => {
  const { parse } = require("@bufbuild/cel") as typeof import("@bufbuild/cel");
  try {
    parse(expression);
    return undefined;
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    const m = /^<input>:(\d+):(\d+): (.*)$/s.exec(text);
    if (!m) return "";
    const line = Number(m[1]);
    const where = line > 1 ? `line ${line}, column ${m[2]}` : `column ${m[2]}`;
    return `at ${where}, ${m[3]!.split("\n")[0]}`;
  }
};

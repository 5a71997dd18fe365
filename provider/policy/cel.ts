/**
 * CEL parsed with @bufbuild/cel and type-checked (cel/check.ts) against the documented variables
 * and functions (cel-declarations.ts), for the preview check (rules.ts takes the parser; both are
 * loaded at the first expression checked).
 */
import { celDeclarations } from "./cel-declarations";
import type { CelParser } from "./rules";

/** Type errors by expression: a preview checks the same policy more than once. */
const typeErrors = new Map<string, string | undefined>();

/**
 * Why an expression does not parse ("at column 21, ...", its line too when several; "" when the
 * parser does not say), or why it is not well typed (`typed`: "at column 14, found no matching
 * overload ..."), or undefined when it is neither. `bool`: it must be a bool (a rule's
 * expression, a condition); `local`: variables its field adds, by name and type.
 */
export const parseCel: CelParser = (expression, bool = false, local = {}) => {
  const { parse } = require("@bufbuild/cel") as typeof import("@bufbuild/cel");
  let parsed;
  try {
    parsed = parse(expression);
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    const m = /^<input>:(\d+):(\d+): (.*)$/s.exec(text);
    if (!m) return { why: "" };
    const line = Number(m[1]);
    const where = line > 1 ? `line ${line}, column ${m[2]}` : `column ${m[2]}`;
    return { why: `at ${where}, ${m[3]!.split("\n")[0]}` };
  }
  const key = `${bool ? "b" : "v"}:${JSON.stringify(local)}:${expression}`;
  if (!typeErrors.has(key)) {
    if (typeErrors.size >= 256) typeErrors.delete(typeErrors.keys().next().value!);
    typeErrors.set(key, typeError(parsed, expression, bool, local));
  }
  const why = typeErrors.get(key);
  return why === undefined ? undefined : { why, typed: true };
};

function typeError(parsed: ReturnType<typeof import("@bufbuild/cel").parse>, expression: string, bool: boolean, local: Readonly<Record<string, string>>): string | undefined {
  const { CelTypeError, lineAndColumn, typeOfExpression, typeText, variablesFromTable } = require("../../cel/check") as typeof import("../../cel/check");
  const decls = celDeclarations();
  const variables = Object.keys(local).length === 0 ? decls.variables : { ...decls.variables, ...variablesFromTable(local) };
  try {
    const t = typeOfExpression(parsed, { ...decls, variables });
    if (bool && t.k !== "bool" && t.k !== "dyn") return `at column 1, expected type 'bool' but found '${typeText(t)}'`;
    return undefined;
  } catch (err) {
    if (!(err instanceof CelTypeError)) throw err;
    const at = lineAndColumn(expression, err.offset ?? 0);
    return `at ${at.line > 1 ? `line ${at.line}, ` : ""}column ${at.column}, ${err.message}`;
  }
}

/** Checks a function's arguments before it calls the API; errors name the function and the argument, never its value. */
import type { Props } from "../contract";
import { schemaFor } from "../engine/check";
import type { FunctionDefinition } from "./types";

/** A function's arguments are wrong; the message names the function and each argument, never a value. */
export class ArgumentError extends TypeError {
  override readonly name = "ArgumentError";
}

export function checkArguments(def: FunctionDefinition, args: Props): Props {
  const problems: string[] = [];
  const clean: Props = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    if (!def.inputs[key]) {
      problems.push(`there is no argument named ${key} (arguments: ${Object.keys(def.inputs).join(", ")})`);
      continue;
    }
    clean[key] = value;
  }
  for (const [name, param] of Object.entries(def.inputs)) {
    if (clean[name] === undefined) {
      if (param.required) problems.push(`${name} is required`);
      continue;
    }
    const result = schemaFor(param.type).safeParse(clean[name]);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const where = name + issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
        problems.push(issue.code === "invalid_type" ? `${where} must be ${issue.expected}` : `${where} ${issue.message}`);
      }
    }
  }
  if (problems.length) throw new ArgumentError(`${def.name}: ${problems.join("; ")}`);
  return clean;
}

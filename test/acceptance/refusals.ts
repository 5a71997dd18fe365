/**
 * What the account refused in `pulumi up`'s output: a create that failed because of the account's
 * plan or a feature ngrok turned off. Any other failure fails the run.
 */

/** Kinds whose create the API refused for the account (its plan, a turned-off feature), with the refusal. */
export function refusals(output: string, kinds: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  // The step's line (`<type> <name> **creating failed** error: ...`) or its diagnostics (`<type> (<name>):` then `error: ...`).
  const re = /^.*?\S+ ([A-Za-z]+) \*\*creating failed\*\* error: (.*)$|^\s+\S+ \(([A-Za-z]+)\):\s*\n\s+error: (.*)$/gm;
  for (const x of output.matchAll(re)) {
    const m = [x[0], x[1] ?? x[3], x[2] ?? x[4]];
    const [, kind, message] = m as unknown as [string, string, string];
    if (!kinds.includes(kind)) continue;
    if (/ERR_NGROK_7008|\bplan\b|upgrade|not (?:available|enabled|allowed|permitted)|feature|HTTP 403/i.test(message)) found.set(kind, message.trim());
  }
  return found;
}


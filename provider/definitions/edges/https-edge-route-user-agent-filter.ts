import { routeModule } from "./edge-common";
import type { PropertySpec } from "../../contract";

// The service matches with RE2 (Go's regexp). JavaScript's RegExp accepts nearly the same syntax, so
// compiling with it is a good check, with two adjustments: a leading inline flag group such as `(?i)`
// is RE2 syntax JavaScript lacks (stripped before compiling), and lookaround and backreferences are
// JavaScript syntax RE2 lacks (refused).
const re2Unsupported = /\(\?<?[=!]|\\[1-9]|\\k</;

/** Why `pattern` is not a regular expression the service accepts; undefined when it is. */
export function regexProblem(pattern: string): string | undefined {
  if (re2Unsupported.test(pattern)) return "uses lookaround or a backreference, which the service's RE2 syntax does not support";
  const flags = /^\(\?[imsU]+\)/.exec(pattern);
  const source = flags ? pattern.slice(flags[0].length) : pattern;
  for (const unicode of [true, false]) {
    try {
      new RegExp(source, unicode ? "u" : "");
      return undefined;
    } catch (err) {
      if (!unicode) {
        // "Invalid regular expression: /<pattern>/: <reason>": keep the reason, never the pattern.
        const reason = /: ([^:]+)$/.exec(err instanceof Error ? err.message : "")?.[1];
        return `is not a regular expression${reason ? ` (${reason.toLowerCase()})` : ""}`;
      }
    }
  }
  return undefined;
}

function patterns(description: string): PropertySpec {
  return {
    type: {
      kind: "array",
      items: {
        kind: "string",
        refine: (zod) =>
          zod.string().superRefine((v, ctx) => {
            const problem = regexProblem(v);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          }),
      },
    },
    description,
    input: { api: "", onChange: "update", unset: "clear" },
  };
}

export const httpsEdgeRouteUserAgentFilter = routeModule({
  name: "HttpsEdgeRouteUserAgentFilter",
  module: "user_agent_filter",
  description:
    "User agent filtering on a route: requests are allowed or denied by regular expressions (RE2 syntax) matched against their User-Agent header. " +
    "Patterns are checked at preview by compiling them (JavaScript's syntax is close to RE2's; lookaround and backreferences, which RE2 lacks, are refused).",
  properties: {
    allow: patterns("Regular expressions of the user agents allowed."),
    deny: patterns("Regular expressions of the user agents denied."),
  },
  example: `const bots = new ngrok.HttpsEdgeRouteUserAgentFilter("no-bots", {
    route,
    deny: ["(?i)bot", "curl/.*"],
});`,
});

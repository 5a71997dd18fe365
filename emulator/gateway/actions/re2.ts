// The regular expressions of actions are RE2's (https://github.com/google/re2/wiki/Syntax) and
// their replacements Go's `Regexp.Expand` templates (`$1`, `${1}`, `$name`): ngrok's gateway is
// written in Go. JavaScript's RegExp runs the common part of RE2; this translates the RE2-only
// spellings the docs' patterns use, and expands templates as Go does (where `$1x` names a group
// `1x`, not group 1 followed by `x`).

const POSIX: Readonly<Record<string, string>> = {
  alnum: "0-9A-Za-z",
  alpha: "A-Za-z",
  ascii: "\\x00-\\x7F",
  blank: "\\t ",
  cntrl: "\\x00-\\x1F\\x7F",
  digit: "0-9",
  graph: "!-~",
  lower: "a-z",
  print: " -~",
  punct: "!-\\/:-@\\[-`{-~",
  space: "\\t\\n\\v\\f\\r ",
  upper: "A-Z",
  word: "0-9A-Za-z_",
  xdigit: "0-9A-Fa-f",
};

export class RegexError extends Error {}

/** An RE2 pattern as a global JavaScript RegExp; throws a RegexError when it is not valid. */
export function re2(pattern: string): RegExp {
  let flags = "g";
  let source = pattern;
  // Flags for the whole pattern: `(?i)`, `(?s)`, `(?m)` at its start.
  const lead = /^\(\?([imsU]+)\)/.exec(source);
  if (lead !== null) {
    if (lead[1]!.includes("U")) throw new RegexError("the U (ungreedy) flag has no JavaScript equivalent");
    flags += lead[1]!;
    source = source.slice(lead[0].length);
  }
  source = source
    .replace(/\\Q([\s\S]*?)(?:\\E|$)/g, (_m, literal: string) => literal.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"))
    .replace(/\(\?P</g, "(?<")
    .replace(/\[:(\^?)([a-z]+):\]/g, (m, neg: string, name: string) => {
      const set = POSIX[name];
      if (set === undefined) return m;
      if (neg !== "") throw new RegexError(`negated POSIX class [:^${name}:] is not supported by the emulator`);
      return set;
    })
    .replace(/\\A/g, "^")
    .replace(/\\z/g, "(?![\\s\\S])");
  try {
    return new RegExp(source, flags);
  } catch (err) {
    throw new RegexError(err instanceof Error ? err.message : String(err));
  }
}

/** Go's `Regexp.Expand` of `template` for one match. */
function expand(template: string, match: RegExpExecArray): string {
  let out = "";
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c !== "$" || i + 1 >= template.length) {
      out += c;
      continue;
    }
    const next = template[i + 1]!;
    if (next === "$") {
      out += "$";
      i++;
      continue;
    }
    let name: string;
    let end: number;
    if (next === "{") {
      const close = template.indexOf("}", i + 2);
      const inner = close === -1 ? "" : template.slice(i + 2, close);
      if (close === -1 || !/^\w+$/.test(inner)) {
        out += c;
        continue;
      }
      name = inner;
      end = close + 1;
    } else {
      const m = /^\w+/.exec(template.slice(i + 1));
      if (m === null) {
        out += c;
        continue;
      }
      name = m[0];
      end = i + 1 + name.length;
    }
    out += /^\d+$/.test(name) ? (match[Number(name)] ?? "") : (match.groups?.[name] ?? "");
    i = end - 1;
  }
  return out;
}

/** Every match of `re` in `input` replaced by `template` expanded as Go does; the first match's text, if any. */
export function replaceAll(re: RegExp, input: string, template: string): { output: string; first: string | undefined } {
  let first: string | undefined;
  const output = input.replace(re, (...args: unknown[]) => {
    const groupsArg = args[args.length - 1];
    const hasGroups = typeof groupsArg === "object" && groupsArg !== null;
    const captures = args.slice(0, hasGroups ? -3 : -2) as Array<string | undefined>;
    const match = Object.assign([...captures], hasGroups ? { groups: groupsArg as Record<string, string> } : {}) as unknown as RegExpExecArray;
    first ??= captures[0];
    return expand(template, match);
  });
  return { output, first };
}

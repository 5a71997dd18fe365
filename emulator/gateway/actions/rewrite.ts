// What redirect and url-rewrite share: the URL a `from`/`to` rewrite makes of the request's.
import { ConfigError, str, type Run } from "./common";
import { re2, replaceAll } from "./re2";

/**
 * The URL a rewritten string stands for. Go's URL parser reads "https:///products.php?q=1" (an
 * interpolated authority replaced away) as an empty host and a path, and the gateway keeps the
 * request's own host; WHATWG's would make "products.php" the host. A relative result is taken
 * on the request's URL, as the docs' `to: /api/v2/geo?city=...` shows.
 */
function rewrittenUrl(text: string, current: URL): URL {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)(.*)$/s.exec(text);
  if (m !== null && m[2] === "") {
    const rest = m[3]!.startsWith("/") || m[3] === "" ? m[3]! : `/${m[3]!}`;
    return new URL(`${m[1]!}://${current.host}${rest}`);
  }
  try {
    return new URL(text, current);
  } catch {
    throw new ConfigError(`the rewritten URL '${text}' is not a URL`);
  }
}

/** The URL before and after, the matches of `from`, and the rewritten URL's text as it came out. */
export function rewrite(run: Run, config: Record<string, unknown>): { before: string; after: URL; matches: string[]; text: string } {
  const from = config["from"] === undefined ? undefined : run.cel.text(str(config, "from"));
  const to = run.cel.text(str(config, "to"));
  const before = run.ex.request.url.toString();
  if (from === undefined) return { before, after: rewrittenUrl(to, run.ex.request.url), matches: [before], text: to };
  let re: RegExp;
  try {
    re = re2(from);
  } catch (err) {
    throw new ConfigError(`config.from is not a valid regular expression (${err instanceof Error ? err.message : String(err)})`);
  }
  const matches = [...before.matchAll(re)].map((m) => m[0]);
  if (matches.length === 0) return { before, after: run.ex.request.url, matches, text: before };
  // `${...}` was interpolated as CEL already: what is left of `$` is Go's template syntax.
  const text = replaceAll(re, before, to).output;
  return { before, after: rewrittenUrl(text, run.ex.request.url), matches, text };
}

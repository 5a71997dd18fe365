/**
 * Extracts every example Traffic Policy from ngrok's documentation (a git checkout of
 * github.com/ngrok/ngrok-docs), with the public URL of its page and, where the page shows one,
 * the request sent and the answer shown. The tests read the result, test/emulator/gateway/ngrok-docs/corpus.json.
 *
 *   node scripts/ngrok-docs-corpus.mts <ngrok-docs checkout> > test/emulator/gateway/ngrok-docs/corpus.json
 *
 * (Node 22 runs TypeScript by stripping its types; `make ngrok-docs-corpus NGROK_DOCS=<checkout>`.)
 * Pages read: traffic-policy/**, snippets/traffic-policy/**, gateway/**, guides/migration/**.
 * A policy is any object of a YAML or JSON block whose keys are Traffic Policy phases, at the top of
 * the block or inside it (an agent's configuration file, a Kubernetes resource). A block in a
 * policy's language that names a phase but does not parse is kept too, with the parser's reason.
 * Beside the examples, what the reference pages document: each action (its type and phases), each
 * CEL macro and its example expressions, each variable and the expressions its section shows.
 */
import { execFileSync } from "node:child_process";
import { parseAllDocuments } from "yaml";
// The corpus format, as its reader in the tests declares it.
import type { DocAction, DocAnswer, DocCel, DocExample, DocRequest, DocUnparsed } from "../test/emulator/gateway/ngrok-docs/corpus.ts";

const PHASES = ["on_tcp_connect", "on_http_request", "on_http_response", "on_event_stream_message"];
const SCOPE = [/^traffic-policy\/.*\.mdx$/, /^snippets\/traffic-policy\/.*\.mdx$/, /^gateway\/.*\.mdx$/, /^guides\/migration\/.*\.mdx$/];

interface Block {
  lang: string;
  text: string;
  /** 1-based line of the opening fence. */
  line: number;
  heading: string;
}

function git(repo: string, ...args: string[]): string {
  return execFileSync("git", ["-C", repo, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
}

/** The public URL of a page: https://ngrok.com/docs/<path without .mdx>/ (an index page: its folder). */
function pageUrl(path: string): string {
  const bare = path.replace(/\.mdx$/, "").replace(/(^|\/)index$/, "");
  return `https://ngrok.com/docs/${bare}${bare === "" ? "" : "/"}`;
}

function blocksOf(text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  let heading = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) heading = h[1]!.trim();
    const open = /^(\s*)```+\s*([A-Za-z0-9_-]*)(.*)$/.exec(line);
    if (!open) continue;
    // A fence whose language is the policy's first line (```on_http_request:) opens a YAML block.
    const first = PHASES.includes(open[2]!) ? [`${open[2]}${open[3]!.trim()}`] : [];
    const indent = open[1]!.length;
    const body: string[] = [...first];
    let j = i + 1;
    for (; j < lines.length; j++) {
      if (/^\s*```+\s*$/.test(lines[j]!)) break;
      body.push(lines[j]!.slice(Math.min(indent, lines[j]!.length - lines[j]!.trimStart().length)));
    }
    blocks.push({ lang: first.length ? "yaml" : open[2]!.toLowerCase(), text: body.join("\n"), line: i + 1, heading });
    i = j;
  }
  return blocks;
}

/** Objects whose keys are all phases, anywhere in a parsed document, with their path. */
function policiesIn(value: unknown, path = ""): { policy: Record<string, unknown>; within: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => policiesIn(v, `${path}[${i}]`));
  if (typeof value !== "object" || value === null) return [];
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (keys.length > 0 && keys.every((k) => PHASES.includes(k))) return [{ policy: obj, within: path }];
  return keys.flatMap((k) => {
    const v = obj[k];
    // A policy given as text inside a document (a Kubernetes resource's `policy: |`).
    if (typeof v === "string" && PHASES.some((p) => v.includes(`${p}:`) || v.includes(`"${p}"`))) {
      try {
        return parseAllDocuments(v).flatMap((d) => (d.errors.length ? [] : policiesIn(d.toJS(), `${path ? `${path}.` : ""}${k}`)));
      } catch {
        return [];
      }
    }
    return policiesIn(v, path ? `${path}.${k}` : k);
  });
}

/** Shell words of a command, quotes removed (enough for the curl commands of the pages). */
function words(command: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quote: string | undefined;
  let any = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < command.length) cur += command[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      any = true;
    } else if (c === "\\" && command[i + 1] === "\n") i++;
    else if (/\s/.test(c)) {
      if (cur || any) out.push(cur);
      cur = "";
      any = false;
    } else cur += c;
  }
  if (cur || any) out.push(cur);
  return out;
}

function curlRequest(text: string): Omit<DocRequest, "at" | "answer"> | undefined {
  const start = text.search(/(^|\s|\$ )curl\s/);
  if (start < 0) return undefined;
  const command = text.slice(start).replace(/^\s*\$?\s*/, "").split(/\n(?!\s)/)[0]!;
  const argv = words(command).slice(1);
  let method: string | undefined;
  let url: string | undefined;
  const headers: Record<string, string> = {};
  let body: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = () => argv[++i] ?? "";
    if (a === "-X" || a === "--request") method = next();
    else if (a === "-H" || a === "--header") {
      const h = next();
      const colon = h.indexOf(":");
      if (colon > 0) headers[h.slice(0, colon).trim().toLowerCase()] = h.slice(colon + 1).trim();
    } else if (a === "-d" || a === "--data" || a === "--data-raw" || a === "--data-binary") body = next();
    else if (a === "-u" || a === "--user") headers["authorization"] = `Basic ${Buffer.from(next()).toString("base64")}`;
    else if (a === "--url") url = next();
    else if (a === "-I" || a === "--head") method = "HEAD";
    else if (a === "-A" || a === "--user-agent") headers["user-agent"] = next();
    else if (a === "-o" || a === "-w" || a === "--output" || a === "-b" || a === "-e") next();
    else if (!a.startsWith("-") && url === undefined && /^(https?:\/\/|[a-z0-9.-]+\.[a-z]{2,})/i.test(a)) url = a;
  }
  if (url === undefined) return undefined;
  if (!/^https?:\/\//.test(url)) url = `https://${url}`;
  return { method: method ?? (body !== undefined ? "POST" : "GET"), url, headers, ...(body === undefined ? {} : { body }) };
}

function httpAnswer(text: string): DocAnswer | undefined {
  const lines = text.replace(/\r/g, "").split("\n");
  const m = /^HTTP\/[\d.]+\s+(\d{3})/.exec(lines[0]!.trim());
  if (!m) return undefined;
  const headers: Record<string, string> = {};
  let i = 1;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const h = /^([A-Za-z0-9-]+):\s?(.*)$/.exec(line);
    if (!h || line.trim() === "") break;
    headers[h[1]!.toLowerCase()] = h[2]!.trim();
  }
  const body = lines.slice(lines[i]?.trim() === "" ? i + 1 : i).join("\n").trim();
  return { status: Number(m[1]), headers, ...(body === "" ? {} : { body }) };
}

/** Each page that shows a snippet (imports it, directly or through another snippet). */
function includers(repo: string, files: string[]): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const text = git(repo, "show", `HEAD:${file}`);
    for (const m of text.matchAll(/^import\s+\w+\s+from\s+["']\/(snippets\/[^"']+\.mdx)["']/gm)) {
      const list = imports.get(m[1]!) ?? [];
      list.push(file);
      imports.set(m[1]!, list);
    }
  }
  const pages = new Map<string, string[]>();
  const resolve = (snippet: string, seen: Set<string>): string[] => {
    if (seen.has(snippet)) return [];
    seen.add(snippet);
    return (imports.get(snippet) ?? []).flatMap((f) => (f.startsWith("snippets/") ? resolve(f, seen) : [f]));
  };
  for (const snippet of imports.keys()) pages.set(snippet, [...new Set(resolve(snippet, new Set()))].sort());
  return pages;
}

/**
 * The page a snippet appears on: a page that imports it; a snippet no page imports (the pages now
 * carry their examples inline) is cited by the page of its action, variable or example topic.
 */
function snippetUrl(path: string, shownOn: Map<string, string[]>, exists: Set<string>): string {
  const page = shownOn.get(path)?.[0];
  if (page) return pageUrl(page);
  const action = /^snippets\/traffic-policy\/actions\/([^/]+)\//.exec(path)?.[1];
  if (action) {
    if (exists.has(`traffic-policy/actions/${action}.mdx`)) return pageUrl(`traffic-policy/actions/${action}.mdx`);
  }
  if (path.startsWith("snippets/traffic-policy/gallery/")) return pageUrl("traffic-policy/examples/index.mdx");
  if (path.startsWith("snippets/traffic-policy/getting-started/")) return pageUrl("traffic-policy/getting-started/cloud-endpoints.mdx");
  return pageUrl("traffic-policy/index.mdx");
}

function main(repo: string): void {
  const all = git(repo, "ls-tree", "-r", "--name-only", "HEAD").split("\n").filter(Boolean);
  const mdx = all.filter((f) => f.endsWith(".mdx"));
  const shownOn = includers(repo, mdx);
  const exists = new Set(all);
  // Published pages first, so that a policy a page shows is cited by that page, and snippets after.
  const files = mdx
    .filter((f) => SCOPE.some((r) => r.test(f)))
    .sort((a, b) => Number(a.startsWith("snippets/")) - Number(b.startsWith("snippets/")) || a.localeCompare(b));
  const byKey = new Map<string, DocExample>();
  const examples: DocExample[] = [];
  const unparsed: DocUnparsed[] = [];
  for (const file of files) {
    const text = git(repo, "show", `HEAD:${file}`);
    const url = file.startsWith("snippets/") ? snippetUrl(file, shownOn, exists) : pageUrl(file);
    const blocks = blocksOf(text);
    // The examples of this page, newest last: a request shown after a policy is sent to it.
    let latest: DocExample | undefined;
    let pending: Omit<DocRequest, "answer"> | undefined;
    for (const block of blocks) {
      const at = `${file}:${block.line}`;
      if (["yaml", "yml", "json", "jsonc", ""].includes(block.lang)) {
        const source = block.text;
        if (!PHASES.some((p) => source.includes(p))) continue;
        const lang = block.lang === "json" || block.lang === "jsonc" ? "json" : "yaml";
        let found: { policy: Record<string, unknown>; within: string }[] = [];
        let reason: string | undefined;
        const docs = parseAllDocuments(source, { uniqueKeys: false });
        const errors = (Array.isArray(docs) ? docs : [docs]).flatMap((d) => d.errors);
        if (errors.length) reason = errors[0]!.message.split("\n")[0]!;
        else found = (Array.isArray(docs) ? docs : [docs]).flatMap((d) => policiesIn(d.toJS()));
        if (reason === undefined && found.length === 0) continue;
        if (reason !== undefined) {
          unparsed.push({ id: at, url, source: file, line: block.line, lang: block.lang || "(none)", reason, text: block.text });
          continue;
        }
        for (const { policy, within } of found) {
          const key = JSON.stringify(policy);
          const own = within === "" ? block.text : undefined;
          const seen = byKey.get(key);
          if (seen) {
            if (own !== undefined && seen[lang] === undefined) seen[lang] = own;
            if (seen.source !== file && !seen.alsoAt.includes(url)) seen.alsoAt.push(url);
            latest = seen;
            continue;
          }
          const example: DocExample = {
            id: at,
            url,
            source: file,
            line: block.line,
            heading: block.heading,
            within,
            ...(own === undefined ? {} : { [lang]: own }),
            policy,
            alsoAt: [],
            requests: [],
          };
          byKey.set(key, example);
          examples.push(example);
          latest = example;
        }
        pending = undefined;
        continue;
      }
      if (block.lang === "bash" || block.lang === "curl" || block.lang === "shell" || block.lang === "sh") {
        const request = curlRequest(block.text);
        pending = request ? { ...request, at } : undefined;
        continue;
      }
      if (block.lang === "http" && pending && latest) {
        const answer = httpAnswer(block.text);
        if (answer) {
          const request: DocRequest = { ...pending, answer };
          const text = JSON.stringify({ ...request, at: "" });
          if (!latest.requests.some((r) => JSON.stringify({ ...r, at: "" }) === text)) latest.requests.push(request);
        }
        pending = undefined;
      }
    }
  }
  const reference = { actions: actionsOf(repo, all), macros: macrosOf(repo), variables: variablesOf(repo, all, shownOn) };
  const out = { source: "https://github.com/ngrok/ngrok-docs", commit: git(repo, "rev-parse", "HEAD").trim(), reference, examples, unparsed };
  process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
}

/** Each action page's type and supported phases. */
function actionsOf(repo: string, all: string[]): DocAction[] {
  const out: DocAction[] = [];
  for (const file of all.filter((f) => /^traffic-policy\/actions\/[^/]+\.mdx$/.test(f) && !f.endsWith("index.mdx")).sort()) {
    const text = git(repo, "show", `HEAD:${file}`);
    const type = /###\s+(?:Action\s+)?Type\s+`([^`]+)`/i.exec(text)?.[1];
    const phases = /#+\s+Supported (?:phases|directions)\s+([\s\S]*?)\n#/i.exec(text)?.[1];
    if (!type) continue;
    out.push({ type, url: pageUrl(file), phases: [...new Set([...(phases ?? "").matchAll(/`(on_[a-z_]+)`/g)].map((m) => m[1]!))] });
  }
  return out;
}

/** Expressions of the `expressions:` lists of a section's YAML blocks. */
function expressionsIn(section: string): string[] {
  const out: string[] = [];
  for (const block of blocksOf(section)) {
    if (block.lang !== "yaml" && block.lang !== "yml") continue;
    try {
      const doc = parseAllDocuments(block.text).map((d) => d.toJS() as unknown);
      for (const d of doc) {
        const list = (d as { expressions?: unknown } | null)?.expressions;
        if (Array.isArray(list)) out.push(...list.filter((e): e is string => typeof e === "string"));
      }
    } catch {
      continue;
    }
  }
  return out;
}

/** Sections of a page by their `### \`name\`` headings. */
function sections(text: string): { name: string; body: string }[] {
  const parts = text.split(/^###\s+`([^`]+)`\s*$/m);
  const out: { name: string; body: string }[] = [];
  for (let i = 1; i < parts.length; i += 2) out.push({ name: parts[i]!.trim(), body: (parts[i + 1] ?? "").split(/^##\s/m)[0]! });
  return out;
}

/** Each macro of the macros page, with the expressions of its examples. */
function macrosOf(repo: string): DocCel[] {
  const file = "traffic-policy/macros/index.mdx";
  const text = git(repo, "show", `HEAD:${file}`);
  return sections(text).map(({ name, body }) => {
    const examples: string[] = [];
    for (const block of blocksOf(body)) {
      if (block.lang !== "go" && block.lang !== "cel") continue;
      for (const line of block.text.split("\n")) {
        const expr = line.replace(/\s*\/\/.*$/, "").trim();
        if (expr !== "") examples.push(expr);
      }
    }
    return { name, url: pageUrl(file), examples: [...examples, ...expressionsIn(body)] };
  });
}

/** Each variable of the variables pages (and the snippets they show), its type and its section's expressions. */
function variablesOf(repo: string, all: string[], shownOn: Map<string, string[]>): DocCel[] {
  // Sections a page shows first; a snippet no page imports only adds what no page has.
  const shown = (f: string): number => (f.startsWith("snippets/") && !shownOn.has(f) ? 1 : 0);
  const files = all
    .filter((f) => /^(traffic-policy\/variables\/[^/]+|snippets\/traffic-policy\/variables\/[^/]+)\.mdx$/.test(f))
    .sort((a, b) => shown(a) - shown(b) || a.localeCompare(b));
  const out: DocCel[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const text = git(repo, "show", `HEAD:${file}`);
    const url = file.startsWith("snippets/") ? pageUrl(shownOn.get(file)?.[0] ?? "traffic-policy/variables/index.mdx") : pageUrl(file);
    const types = new Map<string, string>();
    for (const m of text.matchAll(/^\|\s*\[?`([^`]+)`\]?[^|]*\|\s*`([^`]+)`/gm)) types.set(m[1]!, m[2]!);
    for (const { name, body } of sections(text)) {
      if (!/^[a-z_]+(\.|$)/.test(name) || seen.has(name)) continue;
      seen.add(name);
      const type = types.get(name);
      out.push({ name, url, ...(type === undefined ? {} : { type }), examples: expressionsIn(body) });
    }
  }
  return out;
}

const repo = process.argv[2];
if (!repo) {
  process.stderr.write("usage: node scripts/ngrok-docs-corpus.mts <ngrok-docs checkout>\n");
  process.exit(2);
}
main(repo);

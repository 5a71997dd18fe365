/**
 * docs/traffic-policy-support.md, written from what runs: every action, CEL macro and variable
 * ngrok's reference pages document (test/emulator/gateway/ngrok-docs/corpus.json) is tried through
 * `testPolicy`, which runs the gateway's engine, and the page says what happened. It reads nothing
 * of the emulator's insides, only what `testPolicy` answers, so it follows the emulator as it grows.
 */
import { conformance, type ConformanceFile } from "./cel-conformance";
import { customResponse, owaspCrsRequest, owaspCrsResponse } from "../../emulator/gateway/actions/catalogue";
import { testPolicy, type PolicyRequest, type PolicyResult, type PolicyTestOptions } from "../../emulator";
import { PolicyValue, policyProblems } from "../../provider/policy";
import { corpus, type DocAction, type DocCel } from "../emulator/gateway/ngrok-docs/corpus";

/** A request carrying what the documented variables and macros read. */
const REQUEST: PolicyRequest = {
  method: "POST",
  url: "https://app.example.com:443/api/items?tag=a&tag=b",
  headers: {
    "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    cookie: "session=abc123",
    "content-type": "application/json; charset=utf-8",
    "content-encoding": "br",
    authorization: "Basic dXNlcm5hbWU6cGFzc3dvcmQx",
    location: "https://app.example.com/next",
  },
  body: '{"user":"u1"}',
  clientIp: "203.0.113.7",
  geo: { city: "San Francisco", country: "United States", country_code: "US", subdivision: "California", latitude: 37.77, longitude: -122.42, radius: 5 },
};

const OPTIONS: PolicyTestOptions = {
  upstream: () => ({
    status: 200,
    headers: { "content-type": "application/json", "set-cookie": "session=abc123; Path=/; Secure", location: "https://app.example.com/next", "content-encoding": "identity" },
    body: '{"ok":true}',
  }),
  secrets: { "app-secrets": { "api-key": "s3cr3t" } },
};

/** The request actions run on: the same, with a body that is what it says (no content-encoding). */
const ACTION_REQUEST: PolicyRequest = { ...REQUEST, headers: Object.fromEntries(Object.entries(REQUEST.headers ?? {}).filter(([k]) => k !== "content-encoding")) };

/** For on_event_stream_message: an upstream answering an event stream. */
const EVENT_STREAM_OPTIONS: PolicyTestOptions = {
  ...OPTIONS,
  upstream: () => ({ status: 200, headers: { "content-type": "text/event-stream" }, body: 'event: message\ndata: {"text":"hello"}\n\n' }),
};

/**
 * Expressions of our own for macros whose page gives no example that evaluates, and why: the
 * page shows it as the outcome says.
 */
const OWN_EXAMPLES: Readonly<Record<string, { expression: string; why: string }>> = {
  "secrets.get(string, string) -> string": { expression: "secrets.get('app-secrets', 'api-key')", why: "the page gives no example" },
  "has(field) -> bool": { expression: "has(req.url.path)", why: "the page's examples are not CEL (`has` takes a field selection)" },
  "list.sortBy(x, keyExpr) -> list": { expression: "[3, 1, 2].sortBy(x, -x)", why: "the page's example builds `Player` messages, a type no policy has" },
  "map.encodeJson() -> string": { expression: "{'a': 'b', 'c': 'd'}.encodeJson()", why: "the page's `{a:\"b\",c:\"d\"}` takes its keys from variables `a` and `c`, which no policy declares" },
  "map.encodeQueryString() -> string": { expression: "{'a': 'b', 'c': 'd'}.encodeQueryString()", why: "the page's `{a:\"b\",c:\"d\"}` takes its keys from variables `a` and `c`, which no policy declares" },
  "string.parseUrl() -> URL": { expression: "'https://example.com/a?b=c'.parseUrl()", why: "the corpus holds the page's example cut short at `//`" },
};

/** A failure that says the name is not there (unbound, undeclared, no such field), as opposed to a failure of the values. */
const MISSING = /unbound|undeclared|no such (overload|key|field|attribute)|field not found|not found|unknown|not emulated|not supported/i;

export type Outcome = { runs: true; note?: string } | { runs: false; why: string };

function describe(result: PolicyResult): string {
  const text = result.failure?.message ?? result.body;
  return text.split("\n")[0]!.trim().slice(0, 120);
}

/** Whether an expression evaluates in a phase (its value does not matter, only that it is computed). */
async function evaluates(expression: string, phase: "on_http_request" | "on_http_response"): Promise<Outcome> {
  // A list of one element whatever the expression's type: the expression is computed, and any value will do.
  const probe = `[${expression}].size() == 1`;
  const respond = { type: customResponse.type, config: { status_code: 200, body: "ok" } };
  const policy =
    phase === "on_http_request"
      ? { on_http_request: [{ expressions: [probe], actions: [respond] }] }
      : { on_http_response: [{ expressions: [probe], actions: [respond] }] };
  let result: PolicyResult;
  try {
    result = await testPolicy(policy, REQUEST, OPTIONS);
  } catch (err) {
    return { runs: false, why: (err instanceof Error ? err.message : String(err)).split("\n")[0]!.slice(0, 120) };
  }
  if (result.failure === undefined) return { runs: true };
  return MISSING.test(result.failure.message) ? { runs: false, why: describe(result) } : { runs: true };
}

/** The first phase of an action that an HTTP request goes through. */
function phaseOf(action: DocAction): string {
  return ["on_http_request", "on_http_response", "on_event_stream_message", "on_tcp_connect"].find((p) => action.phases.includes(p)) ?? "on_http_request";
}

/** The configurations of the action in ngrok's examples that the preview check accepts, each once. */
function exampleConfigs(type: string): Record<string, unknown>[] {
  const found = new Map<string, Record<string, unknown>>();
  for (const example of corpus.examples) {
    for (const rules of Object.values(example.policy)) {
      if (!Array.isArray(rules)) continue;
      for (const rule of rules as { actions?: { type?: string; config?: Record<string, unknown> }[] }[]) {
        for (const action of rule.actions ?? []) {
          if (action.type !== type) continue;
          const alone = { on_http_request: [{ actions: [action] }] };
          const problems = policyProblems(PolicyValue.read(alone)).filter((p) => !/cannot run in/.test(p.message));
          if (problems.length === 0) found.set(JSON.stringify(action.config ?? {}), action.config ?? {});
        }
      }
    }
  }
  return [...found.values()];
}

/** One configuration of an action, alone in its first phase; forward-internal's target is there. */
async function runsWith(action: DocAction, config: Record<string, unknown> | undefined): Promise<Outcome> {
  const phase = phaseOf(action);
  const policy = { [phase]: [{ actions: [{ type: action.type, ...(config === undefined ? {} : { config }) }] }] };
  const target = typeof config?.["url"] === "string" && !config["url"].includes("${") ? config["url"] : undefined;
  const options: PolicyTestOptions = target === undefined ? OPTIONS : { ...OPTIONS, endpoints: { [target]: OPTIONS.upstream! } };
  let result: PolicyResult;
  try {
    result = await testPolicy(policy, ACTION_REQUEST, phase === "on_event_stream_message" ? { ...EVENT_STREAM_OPTIONS, ...(target === undefined ? {} : { endpoints: options.endpoints! }) } : options);
  } catch (err) {
    return { runs: false, why: (err instanceof Error ? err.message : String(err)).split("\n")[0]!.slice(0, 120) };
  }
  const ran = result.actions.filter((a) => a.type === action.type);
  if (ran.length === 0) return { runs: false, why: `not reached in ${phase}` };
  const failed = ran.find((a) => a.outcome === "error");
  if (failed === undefined) return { runs: true };
  return { runs: false, why: (failed.detail ?? describe(result)).split("\n")[0]!.slice(0, 120) };
}

/** Whether an action runs: one of ngrok's examples of it (or, with none, the action without configuration) runs without failing. */
async function actionRuns(action: DocAction): Promise<Outcome> {
  const configs = exampleConfigs(action.type);
  let first: Outcome | undefined;
  for (const config of configs.length ? configs : [undefined]) {
    const outcome = await runsWith(action, config);
    if (outcome.runs) return outcome;
    first ??= outcome;
  }
  return first!;
}

/** A variable's name as an expression: its documented placeholders filled (`req.cookies[k][i]`). */
function variableExpression(name: string): string {
  return name.replace(/\[k\]/g, "['session']").replace(/\[i\]/g, "[0]").replace(/\[[a-z]\]/g, "[0]");
}

async function macroRuns(macro: DocCel): Promise<Outcome> {
  let last: Outcome = { runs: false, why: macro.examples.length === 0 ? "the page gives no example to evaluate" : "no example evaluates" };
  for (const example of macro.examples) {
    const phase = /\b(getRes|hasRes|res\.)/.test(example) ? "on_http_response" : "on_http_request";
    last = await evaluates(example, phase);
    if (last.runs) return last;
  }
  const own = OWN_EXAMPLES[macro.name];
  if (own === undefined) return last;
  const outcome = await evaluates(own.expression, "on_http_request");
  return outcome.runs ? { runs: true, note: `${own.why}; \`${own.expression}\` evaluates` } : outcome;
}

async function variableRuns(variable: DocCel): Promise<Outcome> {
  return evaluates(variableExpression(variable.name), variable.name.startsWith("res.") ? "on_http_response" : "on_http_request");
}

/**
 * CEL's standard definitions (https://github.com/google/cel-spec),
 * which ngrok's expressions page says a Traffic Policy is written in, with the macros' numbers of arguments.
 */
const STANDARD = new Set(["size", "contains", "startsWith", "endsWith", "matches", "int", "uint", "double", "string", "bytes", "bool", "timestamp", "duration", "type", "dyn", "has"]);
const STANDARD_MACROS: Readonly<Record<string, readonly number[]>> = { all: [2], exists: [2], exists_one: [2], filter: [2], map: [2, 3] };
const MACROS_PAGE = "https://ngrok.com/docs/traffic-policy/macros/";

/** A call's number of arguments: the commas at depth 0 after `(` at `open`. */
function arity(expr: string, open: number): number {
  let depth = 0;
  let args = 0;
  let empty = true;
  for (let i = open; i < expr.length; i++) {
    const c = expr[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return empty ? 0 : args + 1;
    } else if (depth === 1 && c === ",") args++;
    else if (depth >= 1 && !/\s/.test(c)) empty = false;
  }
  return args + 1;
}

/**
 * What of an expression neither CEL's standard definitions nor ngrok's macros page offers: the
 * functions it calls (a macro with a number of arguments the page does not give counts as another
 * form) and optional values (`.?`, `[?`), each named once.
 */
function notOffered(expr: string, page: readonly DocCel[]): string[] {
  const functions = new Set<string>();
  const methods = new Map<string, Set<number>>();
  for (const m of page) {
    const sig = /^([\w.]+)\(([^)]*)\)/.exec(m.name);
    if (sig === null) continue;
    const [name, params] = [sig[1]!, sig[2]!];
    const receiver = /^(string|list|map|bytes|ts)\.(\w+)$/.exec(name);
    if (receiver === null) functions.add(name);
    else {
      const arities = methods.get(receiver[2]!) ?? new Set<number>();
      arities.add(params.trim() === "" ? -1 : params.split(",").length);
      methods.set(receiver[2]!, arities);
    }
  }
  // Namespaces of functions: the page's (base64, hash, ...) and cel-go's extension libraries'; any other dotted name is a method call on a value.
  const namespaces = new Set([...[...functions].filter((n) => n.includes(".")).map((n) => n.split(".")[0]!), "cel", "math", "optional", "sets", "strings", "proto"]);
  const found = new Set<string>();
  if (/\.\?|\[\?|\boptional\./.test(expr)) found.add("optional values");
  // Strings quoted in the expression are not calls.
  const code = expr.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, (q) => " ".repeat(q.length));
  for (const m of code.matchAll(/(\.)?\b([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\(/g)) {
    const [dot, name] = [m[1] !== undefined, m[2]!];
    const open = m.index + m[0].length - 1;
    const last = name.split(".").pop()!;
    if (!dot && name.includes(".") && namespaces.has(name.split(".")[0]!)) {
      if (!functions.has(name) && !name.startsWith("optional.")) found.add(`\`${name}\``);
    } else {
      const macro = STANDARD_MACROS[last];
      if (macro !== undefined) {
        if (!macro.includes(arity(code, open))) found.add(`\`${last}\` with ${arity(code, open)} arguments`);
      } else if (!STANDARD.has(last) && !methods.has(last) && !functions.has(last)) found.add(`\`${last}\``);
    }
  }
  return [...found];
}

/**
 * What is refused when a policy is saved, beyond its structure: the type checker, and each
 * create-time code of ngrok's error list (https://ngrok.com/docs/errors/, ERR_NGROK_2200 to 2267),
 * checked or why not. Written by hand: the codes' pages say what ngrok refuses, not how.
 */
const SAVED: readonly string[] = [
  "## Refused when a policy is saved",
  "",
  "The preview check, the emulator's API and `testPolicy` refuse the same policies with the same code and",
  "place. Expressions, `${...}` interpolations and CEL config fields (`bucket_key`, `retry_condition`) are",
  "parsed and type-checked against the variables of ngrok's variables pages, with the types they give, and",
  "the functions of CEL's standard definitions, `@bufbuild/cel`'s string extension and ngrok's macros page:",
  "an undeclared variable or function, a field no variable has, an operator on types it does not take",
  "(`req.url.path > 5`) or a rule expression that is not a bool is ERR_NGROK_2200 (2224 in an action's",
  "config). `set-vars`' `vars.*` and the actions' `actions.ngrok.*` are of no declared type (`dyn`): what",
  "they hold is checked when the policy runs, as is every variable's presence in its phase (`req.*` is",
  "declared in `on_tcp_connect` too, where it is absent).",
  "",
  "`@bufbuild/cel` (0.6.1, its newest release) parses and evaluates CEL; its `check` types only constants",
  "and identifiers. The checker is `cel/check.ts`, over `@bufbuild/cel`'s parsed expressions: overloads come",
  "from the library's own function declarations (so the checker and the evaluator agree on CEL's standard",
  "definitions), and the provider (`provider/policy/cel-declarations.ts`) and the emulator",
  "(`emulator/gateway/cel-declarations.ts`) each keep their table of ngrok's variables and macros, which a",
  "test holds in step and against the variables pages.",
  "",
  "Where the pages and their examples differ: `conn.client_ip.categories` and `conn.server_ip.categories`",
  "are typed `list` on the page and declared `list(string)`, as its example (`'proxy.anonymous.tor' in ...`)",
  "reads them. Ten example policies of ngrok's pages do not type-check and would fail on every request",
  "(an `includes` method CEL does not have, `!conn.client_ip in [...]`, `res.status_code < '200'`, a",
  "`${...}` naming `request` or `.ngrok.geo`, `sort(x, y, ...)`, a header's list of values read as a",
  "string): `test/emulator/gateway/docs-oracle.test.ts` lists each with why, and checks they are refused.",
  "",
  "Each create-time code of [ngrok's error list](https://ngrok.com/docs/errors/), and whether it is checked:",
  "",
  "| Code | What ngrok refuses | Checked |",
  "|---|---|---|",
  "| ERR_NGROK_2200 | an invalid expression | yes: parsed and type-checked |",
  "| ERR_NGROK_2201 | an unknown action type | yes |",
  "| ERR_NGROK_2202 | an action in a phase it does not run in | yes |",
  "| ERR_NGROK_2203 | a config that does not parse (an unknown field) | yes |",
  "| ERR_NGROK_2204 | an invalid value | yes: types, closed lists, `required`, verify-webhook's provider (the providers its page lists) |",
  "| ERR_NGROK_2205 | an action on a protocol it does not take | yes: terminate-tls runs on https and tls endpoints, as its page says |",
  "| ERR_NGROK_2206 | no action | yes, as a rule whose `actions` is empty (answered ERR_NGROK_18002, the policy's structure) |",
  "| ERR_NGROK_2207 | an action after a terminating one | no: which actions end a rule for this check is not documented, and guessing would refuse valid policies |",
  "| ERR_NGROK_2208, 2209 | a header name or value over its length | no: the pages give no length |",
  "| ERR_NGROK_2210, 2211 | an invalid header name or value | yes: add-headers, remove-headers, and the headers of custom-response, redirect and http-request |",
  "| ERR_NGROK_2212 | too many header values | yes, as the pages' limit of 10 (answered ERR_NGROK_2221) |",
  "| ERR_NGROK_2213 | an invalid add-headers template | yes, as the CEL of its `${...}` (ERR_NGROK_2224) |",
  "| ERR_NGROK_2214 | an unknown compression algorithm | yes, as a value outside the closed list (ERR_NGROK_2204) |",
  "| ERR_NGROK_2215 | a number or duration out of its range | yes |",
  "| ERR_NGROK_2216 | an invalid IP policy reference | yes: the form of an id (`ipp_...`); whether it exists is the account's, checked when the policy runs |",
  "| ERR_NGROK_2217 | an invalid CIDR | yes: restrict-ips' `allow` and `deny` |",
  "| ERR_NGROK_2218 | too many entries | yes, as each documented limit (ERR_NGROK_2221) |",
  "| ERR_NGROK_2219 | a field that cannot be set | no: no action page names one |",
  "| ERR_NGROK_2221, 2223, 2237 | a length over its limit, an empty list, a length under its minimum | yes, where the pages give the limit |",
  "| ERR_NGROK_2222 | a value not among the valid ones | yes, as ERR_NGROK_2204 |",
  "| ERR_NGROK_2224 | the CEL of a `${...}` | yes: parsed and type-checked |",
  "| ERR_NGROK_2225 | a duration over its limit | yes, as ERR_NGROK_2215 |",
  "| ERR_NGROK_2226 | a value that must be a URL | yes: http-request's `url` (http or https) |",
  "| ERR_NGROK_2227 | an issuer without an OpenID Connect discovery document | no: it needs the issuer, over the network |",
  "| ERR_NGROK_2228 | a field that does not parse | yes for durations and basic-auth credentials (ERR_NGROK_2204) |",
  "| ERR_NGROK_2229, 2230 | an unknown protocol; a phase the protocol does not have | yes: the API refuses the URL's scheme; ERR_NGROK_2230 |",
  "| ERR_NGROK_2231 | duplicate values | yes, where a page says the list is a set (ERR_NGROK_2204) |",
  "| ERR_NGROK_2232, 2233, 2247 | ngrok's own failures to resolve or compile a checked config | no: not a policy's fault |",
  "| ERR_NGROK_2234, 2240 | a missing element, or one required by another | yes for each `required` field (ERR_NGROK_2204); no rule across fields is documented |",
  "| ERR_NGROK_2235, 2236 | a cloud endpoint's policy that does not always answer; text that does not parse | yes |",
  "| ERR_NGROK_2239 | more than one auth action | no: the pages do not say which actions count |",
  "| ERR_NGROK_2241, 2242, 2243 | a domain of another endpoint, bad punycode, an invalid domain | no: the pages do not say which fields |",
  "| ERR_NGROK_2244, 2245, 2246 | too many query pairs, a key over its length | yes: http-request's 32 pairs and 128-character keys (ERR_NGROK_2221) |",
  "| ERR_NGROK_2248 | on_tcp_connect on an HTTPS edge | no: edges are turned off |",
  "| ERR_NGROK_2250, 2255 | variables nested too deep; too many elements | no for 2250 (no limit documented); 2255 as each documented limit |",
  "| ERR_NGROK_2252 | set-vars' `vars` not a list of one-entry maps | yes (ERR_NGROK_2204) |",
  "| ERR_NGROK_2256, 2263, 2264, 2265 | an action or a count the plan does not include | no: the emulator has no plans |",
  "| ERR_NGROK_2257, 2258 | a basic-auth username or password against RFC 7617 | in part: `username:password`, the password 8 to 128 characters (ERR_NGROK_2204) |",
  "| ERR_NGROK_2261 | a pattern that is not a regular expression | yes: RE2's syntax (with `re2js`, a port of RE2), in url-rewrite's and redirect's `from` and the find-replace actions' `from` |",
  "| ERR_NGROK_2262 | on_tcp_connect on an internal HTTP endpoint | yes |",
  "| ERR_NGROK_2266 | two ai-gateway actions | no: not checked |",
  "| ERR_NGROK_2267 | provider keys or key selection for a standard provider in an ai-gateway action | yes: the providers of ngrok's model catalog; a custom provider may still have keys |",
  "",
  "A value written with `${...}` is known only when the policy runs, and is checked then.",
  "",
];

/** Per conformance file with failures: how many call what ngrok does not offer, and what. */
function documentedFailures(files: readonly ConformanceFile[], page: readonly DocCel[]): string[] {
  const lines: string[] = [];
  for (const f of files) {
    if (f.failed.length === 0) continue;
    const named = new Map<string, number>();
    let documented = 0;
    for (const expr of f.failed) {
      const missing = notOffered(expr, page);
      if (missing.length > 0) documented++;
      for (const n of missing) named.set(n, (named.get(n) ?? 0) + 1);
    }
    const names = [...named].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([n]) => n);
    const shown = names.length > 8 ? `${names.slice(0, 8).join(", ")} and ${names.length - 8} more` : names.join(", ");
    lines.push(`| \`${f.file}\` | ${f.failed.length} | ${documented} | ${cell(shown)} |`);
  }
  return lines;
}

const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const mark = (o: Outcome): string => (o.runs ? (o.note === undefined ? "yes" : `yes (${cell(o.note)})`) : `no: ${cell(o.why)}`);

/**
 * Where one of ngrok's pages contradicts itself: which reading the emulator follows, and what it
 * answers, from runs.
 */
async function notes(): Promise<string[]> {
  const crs = async (action: { type: string }, phase: "on_http_request" | "on_http_response", config: Record<string, unknown>, request: PolicyRequest, body: string): Promise<string> => {
    const r = await testPolicy({ [phase]: [{ actions: [{ type: action.type, config: { on_error: "halt", ...config } }] }] }, request, {
      upstream: () => ({ status: 200, headers: { "content-type": "text/plain" }, body }),
    });
    const code = /ERR_NGROK_\d+/.exec(r.body)?.[0];
    return `${r.status}${code === undefined ? "" : ` ${code}`}`;
  };
  const request: PolicyRequest = { method: "POST", url: "https://example.ngrok.app/", headers: { "user-agent": "Mozilla/5.0", "content-type": "application/json" }, body: '{"q": "<script>alert(1)</script>"}' };
  const sqlError = "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'SELECT * FROM users WHERE id = 'abc'' at line 1";
  const requestPage = `https://ngrok.com/docs/traffic-policy/actions/${owaspCrsRequest.type}/`;
  const responsePage = `https://ngrok.com/docs/traffic-policy/actions/${owaspCrsResponse.type}/`;
  return [
    `- [\`${owaspCrsRequest.type}\`](${requestPage}) contradicts itself: its "Example request that ngrok would block" (answered with`,
    "  ERR_NGROK_3700's block page) carries its attack only in a JSON body, under its \"block mode\" policy, which sets `on_error`",
    "  alone, while its configuration table says `process_body` defaults to false and its Behavior section that the body is",
    "  evaluated when `process_body` is enabled; nothing else of the request (User-Agent `Mozilla/5.0`, path `/`, no query, an",
    "  allowed Content-Type) matches a paranoia-level-1 rule. The emulator follows the table: the example request under the",
    `  policy as written answers ${await crs(owaspCrsRequest, "on_http_request", {}, request, "ok")}; with \`process_body: true\` it answers ${await crs(owaspCrsRequest, "on_http_request", { process_body: true }, request, "ok")}.`,
    `- [\`${owaspCrsResponse.type}\`](${responsePage}) likewise: its example of a response ngrok would block is an SQL error in the`,
    "  body, its \"block mode\" policy sets `on_error` alone, and its table says `process_body` defaults to false. Under the policy",
    `  as written that response answers ${await crs(owaspCrsResponse, "on_http_response", {}, { url: "https://example.ngrok.app/" }, sqlError)}; with \`process_body: true\`, ${await crs(owaspCrsResponse, "on_http_response", { process_body: true }, { url: "https://example.ngrok.app/" }, sqlError)}.`,
  ];
}

/** The page, Markdown. */
export async function renderSupportPage(): Promise<string> {
  const { actions, macros, variables } = corpus.reference;
  const actionRows = await Promise.all(actions.map(async (a) => ({ a, o: await actionRuns(a) })));
  const macroRows: { m: DocCel; o: Outcome }[] = [];
  for (const m of macros) macroRows.push({ m, o: await macroRuns(m) });
  const variableRows: { v: DocCel; o: Outcome }[] = [];
  for (const v of variables) variableRows.push({ v, o: await variableRuns(v) });
  const files = conformance();
  const count = (rows: { o: Outcome }[]): string => `${rows.filter((r) => r.o.runs).length} of ${rows.length}`;
  const lines = [
    "# What `testPolicy` and the gateway run",
    "",
    "<!-- Generated by `make traffic-policy-support` (test/support/traffic-policy-support.ts); a test fails when it is stale. -->",
    "",
    "Every action, CEL macro and variable ngrok's Traffic Policy reference documents, tried through",
    "`testPolicy` (the emulator's gateway runs the same engine). An action runs when ngrok's own example",
    "of it, alone in its first phase, runs without failing; a macro when one of the page's example",
    "expressions is computed; a variable when it is there to read in its phase. *No* gives what answered",
    "instead. The lists come from ngrok's pages: [actions](https://ngrok.com/docs/traffic-policy/actions/),",
    "[macros](https://ngrok.com/docs/traffic-policy/macros/) and [variables](https://ngrok.com/docs/traffic-policy/variables/).",
    "",
    `Actions that run: ${count(actionRows)}. Macros evaluated: ${count(macroRows)}. Variables there to read: ${count(variableRows)}.`,
    "",
    "## Actions",
    "",
    "| Action | Phases | Runs in `testPolicy` |",
    "|---|---|---|",
    ...actionRows.map(({ a, o }) => `| [\`${a.type}\`](${a.url}) | ${a.phases.map((p) => `\`${p}\``).join(", ")} | ${mark(o)} |`),
    "",
    "## CEL macros",
    "",
    "| Macro | Evaluated |",
    "|---|---|",
    ...macroRows.map(({ m, o }) => `| \`${cell(m.name)}\` | ${mark(o)} |`),
    "",
    "## Variables",
    "",
    "| Variable | Type | There to read |",
    "|---|---|---|",
    ...variableRows.map(({ v, o }) => `| [\`${cell(v.name)}\`](${v.url}) | ${v.type === undefined ? "" : `\`${cell(v.type)}\``} | ${mark(o)} |`),
    "",
    ...SAVED,
    "## CEL conformance",
    "",
    "The conformance suite of the Common Expression Language ([cel-spec](https://github.com/google/cel-spec)'s",
    "simple tests, as `@bufbuild/cel-spec` ships them) run through the gateway's CEL environment, ngrok's",
    "functions loaded, as a rule's expression runs: each test's expression type-checked first (`cel/check.ts`,",
    "with the test's declarations; a test that turns the checker off is not checked) and its deduced type",
    "compared when the test gives one, then evaluated: each file's tests passed, of those run. Tests that",
    "need protobuf messages (a container, message, enum, wrapper or abstract types) are not run: a Traffic",
    "Policy has none. The `_ext` files test cel-go's extension libraries, which ngrok's",
    "[macros](https://ngrok.com/docs/traffic-policy/macros/) page does not list in full.",
    "",
    `Passed: ${files.reduce((n, f) => n + f.passed, 0)} of ${files.reduce((n, f) => n + f.run, 0)} run; ${files.reduce((n, f) => n + f.notRun, 0)} not run.`,
    "",
    "| File | Passed | Run | Not run |",
    "|---|---|---|---|",
    ...files.map((f) => `| \`${f.file}\` | ${f.passed} | ${f.run} | ${f.notRun} |`),
    "",
    "### Failures that are ngrok's documented environment",
    "",
    `A Traffic Policy's CEL offers the language's [standard definitions](https://github.com/google/cel-spec)`,
    `and the functions ngrok's [macros](${MACROS_PAGE}) page lists, in the forms it gives. A failed test that calls`,
    "anything else, or uses optional values, tests what ngrok does not offer: it is counted here with what it calls.",
    "",
    "| File | Failed | Of which call what ngrok does not offer | What they call |",
    "|---|---|---|---|",
    ...documentedFailures(files, macros),
    "",
    "## Notes",
    "",
    ...(await notes()),
    "",
  ];
  return lines.join("\n");
}

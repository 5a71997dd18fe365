// owasp-crs-request and owasp-crs-response
// (https://ngrok.com/docs/traffic-policy/actions/owasp-crs-request/,
// https://ngrok.com/docs/traffic-policy/actions/owasp-crs-response/). ngrok runs the OWASP Core
// Rule Set v4.14.0 at paranoia level 1 on Coraza, scoring each match (CRITICAL 5, ERROR 4,
// WARNING 3, NOTICE 2) and blocking at an inbound score of 5 or an outbound score of 4.
//
// No maintained CRS engine exists for Node (Coraza and ModSecurity are Go and C; libinjection,
// which CRS's 941100 and 942100 call, has no JavaScript port), so the emulator runs the anomaly
// scoring with the rules listed in CRS_RULES below: their CRS ids, messages and severities, each
// matched by a pattern of the emulator's own written for what the rule detects. Every other CRS
// rule does not run. docs/traffic-policy.md lists them too.
import { f } from "../schema";
import { isRecord } from "../policy";
import { ConfigError, message, setResult, type ActionImpl, type HttpMessage, type Run } from "./common";

type Severity = "CRITICAL" | "ERROR" | "WARNING" | "NOTICE";
const SCORE: Readonly<Record<Severity, number>> = { CRITICAL: 5, ERROR: 4, WARNING: 3, NOTICE: 2 };

/** What a rule reads, as CRS names its variables. */
type Target = "ARGS" | "ARGS_NAMES" | "REQUEST_FILENAME" | "REQUEST_URI_RAW" | "REQUEST_COOKIES" | "USER_AGENT" | "REFERER" | "REQUEST_BODY" | "RESPONSE_BODY";

export interface CrsRule {
  id: number;
  message: string;
  severity: Severity;
  targets: readonly Target[];
  pattern: RegExp;
}

/** From CRS's scanners-user-agents.data (v4.14.0). */
const SCANNERS = [
  "arachni", "betabot", "bewica-security-scan", "bfac", "commix", "detectify", "dirbuster", "fimap", "fuzz faster", "gobuster", "havij",
  "hexometer", "jbrofuzz", "jorgee", "libwhisker", "masscan", "morfeus", "mozlila", "nessus", "netlab360", "netsparker", "nikto", "nmap",
  "nuclei", "openvas", "sitelockspider", "sqlmap", "sysscan", "tsunamisecurityscanner", "w3af.org", "webbandit", "webshag", "wfuzz",
  "whatweb", "wprecon", "wpscan", "zgrab", "zmeu",
];
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const ARGS: readonly Target[] = ["ARGS", "ARGS_NAMES", "REQUEST_COOKIES"];

/** The CRS rules the emulator runs (paranoia level 1), by phase. */
export const CRS_RULES: { request: readonly CrsRule[]; response: readonly CrsRule[] } = {
  request: [
    { id: 913100, message: "Found User-Agent associated with security scanner", severity: "CRITICAL", targets: ["USER_AGENT"], pattern: new RegExp(SCANNERS.map(escape).join("|"), "i") },
    { id: 930100, message: "Path Traversal Attack (/../) or (/.../)", severity: "CRITICAL", targets: ["REQUEST_URI_RAW"], pattern: /(?:%2e|\.){2,3}(?:%2f|%5c)|(?:%2e){2,3}(?:\/|\\)/i },
    { id: 930110, message: "Path Traversal Attack (/../) or (/.../)", severity: "CRITICAL", targets: ["REQUEST_FILENAME", ...ARGS], pattern: /(?:^|[\\/])\.{2,3}[\\/]/ },
    {
      id: 930120,
      message: "OS File Access Attempt",
      severity: "CRITICAL",
      targets: ["REQUEST_FILENAME", ...ARGS],
      pattern: /(?:^|[\\/])(?:etc[\\/](?:passwd|shadow|group|hosts|issue)|proc[\\/]self[\\/]environ|windows[\\/]win\.ini|boot\.ini|\.htaccess|\.htpasswd|\.ssh[\\/]id_rsa|\.bash_history)(?:$|[^\w])/i,
    },
    { id: 931100, message: "Possible Remote File Inclusion (RFI) Attack: URL Parameter using IP Address", severity: "CRITICAL", targets: ["ARGS"], pattern: /^(?:file|ftps?|https?):\/\/(?:\d{1,3}\.){3}\d{1,3}/i },
    { id: 932160, message: "Remote Command Execution: Unix Shell Code Found", severity: "CRITICAL", targets: ARGS, pattern: /(?:^|[^\w.])(?:\/usr)?\/bin\/(?:ba|da|k|z|c|tc)?sh\b|(?:^|[^\w.])\/usr\/bin\/(?:perl|python\d?|ruby|php)\b/i },
    { id: 933100, message: "PHP Injection Attack: PHP Open Tag Found", severity: "CRITICAL", targets: ["ARGS", "REQUEST_BODY"], pattern: /<\?(?:php\b|=|\s)|\[\/?php\]/i },
    { id: 941110, message: "XSS Filter - Category 1: Script Tag Vector", severity: "CRITICAL", targets: ["REQUEST_FILENAME", "USER_AGENT", "REFERER", ...ARGS], pattern: /<script[^>]*>[\s\S]*?/i },
    { id: 941140, message: "XSS Filter - Category 4: Javascript URI Vector", severity: "CRITICAL", targets: ARGS, pattern: /\bjavascript\s*:/i },
    { id: 942140, message: "SQL Injection Attack: Common DB Names Detected", severity: "CRITICAL", targets: ARGS, pattern: /\b(?:information_schema|mysql\.(?:db|user)|pg_catalog|pg_shadow|sysobjects|syscolumns|msysaccessobjects|sqlite_master)\b/i },
    { id: 942160, message: "Detects blind sqli tests using sleep() or benchmark()", severity: "CRITICAL", targets: ARGS, pattern: /\b(?:sleep\s*\(\s*\d|benchmark\s*\()/i },
    { id: 942270, message: "Looking for basic sql injection. Common attack string for mysql, oracle and others", severity: "CRITICAL", targets: ARGS, pattern: /\bunion\b[\s\S]*?\bselect\b[\s\S]*?\bfrom\b/i },
    { id: 942290, message: "Finds basic MongoDB SQL injection attempts", severity: "CRITICAL", targets: ["ARGS_NAMES", "ARGS"], pattern: /\[\s*\$(?:ne|eq|lte?|gte?|n?in|mod|all|size|exists|type|slice|or|regex|where)\s*\]/i },
  ],
  response: [
    { id: 950130, message: "Directory Listing", severity: "ERROR", targets: ["RESPONSE_BODY"], pattern: /<title>\s*Index of [^<]*<\/title>/i },
    { id: 951230, message: "mysql SQL Information Leakage", severity: "CRITICAL", targets: ["RESPONSE_BODY"], pattern: /You have an error in your SQL syntax|check the manual that corresponds to your MySQL server version|\bmysql_fetch_(?:array|assoc|row)\(\)/i },
    { id: 951240, message: "postgres SQL Information Leakage", severity: "CRITICAL", targets: ["RESPONSE_BODY"], pattern: /PostgreSQL query failed|\bpg_(?:query|exec)\(\) \[|ERROR:\s+syntax error at or near/i },
    { id: 953100, message: "PHP Information Leakage", severity: "ERROR", targets: ["RESPONSE_BODY"], pattern: /<b>(?:Warning|Fatal error|Parse error|Notice)<\/b>:\s/i },
    { id: 953120, message: "PHP source code leakage", severity: "ERROR", targets: ["RESPONSE_BODY"], pattern: /<\?(?:php\b|=)/i },
  ],
};

const INBOUND_THRESHOLD = 5;
const OUTBOUND_THRESHOLD = 4;
/** Only the first 4 KB of a body is read (the docs' "Body processing"). */
const BODY_LIMIT = 4096;

/** CRS's usual transformations: URL decoding (as urlDecodeUni) and HTML entity decoding. */
function normalise(value: string): string {
  let v = value;
  try {
    v = decodeURIComponent(v.replace(/\+/g, " "));
  } catch {
    v = v.replace(/%([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return v.replace(/&(?:lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-f]+));/gi, (m, dec?: string, hex?: string) => {
    if (dec !== undefined) return String.fromCharCode(Number(dec));
    if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
    return ({ "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'", "&amp;": "&" } as Record<string, string>)[m.toLowerCase()] ?? m;
  });
}

/** A JSON body's leaves as Coraza names them (`json.a.b`), for ARGS. */
function jsonArgs(value: unknown, prefix: string, out: Array<[string, string]>): void {
  if (Array.isArray(value)) value.forEach((v, i) => jsonArgs(v, `${prefix}.${i}`, out));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) jsonArgs(v, `${prefix}.${k}`, out);
  else out.push([prefix, value === null ? "" : String(value)]);
}

type Values = Partial<Record<Target, Array<{ name: string; value: string }>>>;

function requestValues(run: Run, processBody: boolean): Values {
  const r = run.ex.request;
  const args: Array<[string, string]> = [...r.url.searchParams];
  const values: Values = {
    REQUEST_FILENAME: [{ name: "REQUEST_FILENAME", value: r.url.pathname }],
    REQUEST_URI_RAW: [{ name: "REQUEST_URI_RAW", value: r.url.pathname + r.url.search }],
    USER_AGENT: (r.headers.get("user-agent") ?? []).map((value) => ({ name: "REQUEST_HEADERS:User-Agent", value })),
    REFERER: (r.headers.get("referer") ?? []).map((value) => ({ name: "REQUEST_HEADERS:Referer", value })),
    REQUEST_COOKIES: (r.headers.get("cookie") ?? []).flatMap((c) =>
      c.split(";").map((part) => {
        const eq = part.indexOf("=");
        return { name: `REQUEST_COOKIES:${part.slice(0, eq === -1 ? undefined : eq).trim()}`, value: eq === -1 ? "" : part.slice(eq + 1).trim() };
      }),
    ),
  };
  if (processBody && r.body.length > 0) {
    const body = r.body.subarray(0, BODY_LIMIT).toString("utf8");
    const type = (r.headers.get("content-type")?.[0] ?? "").toLowerCase();
    if (type.includes("json")) {
      try {
        jsonArgs(JSON.parse(body), "json", args);
      } catch {
        // Coraza's JSON processor fails on a truncated or invalid body; the raw body is still read below.
      }
    } else if (type.includes("application/x-www-form-urlencoded")) args.push(...new URLSearchParams(body));
    values.REQUEST_BODY = [{ name: "REQUEST_BODY", value: body }];
  }
  values.ARGS = args.map(([name, value]) => ({ name: `ARGS:${name}`, value }));
  values.ARGS_NAMES = args.map(([name]) => ({ name: `ARGS_NAMES:${name}`, value: name }));
  return values;
}

function evaluate(rules: readonly CrsRule[], values: Values, excluded: ReadonlySet<number>): Array<{ rule: CrsRule; data: string }> {
  const matched: Array<{ rule: CrsRule; data: string }> = [];
  for (const rule of rules) {
    if (excluded.has(rule.id)) continue;
    for (const target of rule.targets) {
      const hit = (values[target] ?? []).find((v) => rule.pattern.test(target === "REQUEST_URI_RAW" ? v.value : normalise(v.value)));
      if (hit !== undefined) {
        matched.push({ rule, data: `Matched Data: ${(target === "REQUEST_URI_RAW" ? hit.value : normalise(hit.value)).match(rule.pattern)?.[0] ?? ""} found within ${hit.name}` });
        break;
      }
    }
  }
  return matched;
}

function excludedIds(config: Record<string, unknown>): Set<number> {
  const v = config["exclude_rule_ids"];
  if (v === undefined || v === null) return new Set();
  if (!Array.isArray(v) || !v.every((id) => typeof id === "number" && Number.isInteger(id) && id >= 900000 && id <= 999999)) {
    throw new ConfigError(`config.exclude_rule_ids must be a list of rule ids from 900000 to 999999`);
  }
  return new Set(v as number[]);
}

/** The page ngrok answers a blocked request or response with, and its ERR_NGROK code (3700 or 3702). */
function blocked(code: 3700 | 3702, text: string): HttpMessage {
  return message(
    403,
    { "content-type": "text/html; charset=utf-8" },
    `<!DOCTYPE html>\n<html lang="en-US">\n  <head>\n    <meta charset="utf-8">\n    <noscript>${text} (ERR_NGROK_${code})</noscript>\n  </head>\n  <body>ERR_NGROK_${code}: ${text}</body>\n</html>\n`,
  );
}

function crsAction(type: string, inbound: boolean): ActionImpl {
  return {
    type,
    phases: [inbound ? "on_http_request" : "on_http_response"],
    config: {
      on_error: f("string", { required: true, oneOf: ["halt", "continue"] }),
      process_body: f("bool", { default: false }),
      exclude_rule_ids: f("ints", { min: 900_000, max: 999_999 }),
    },
    async run(config, run) {
      const onError = config["on_error"] ?? "halt";
      if (onError !== "halt" && onError !== "continue") throw new ConfigError(`config.on_error must be halt or continue`);
      const processBody = config["process_body"] === true;
      const excluded = excludedIds(config);
      const values: Values = inbound
        ? requestValues(run, processBody)
        : processBody
          ? { RESPONSE_BODY: [{ name: "RESPONSE_BODY", value: run.ex.response!.body.subarray(0, BODY_LIMIT).toString("utf8") }] }
          : {};
      const matched = evaluate(inbound ? CRS_RULES.request : CRS_RULES.response, values, excluded);
      const score = matched.reduce((sum, m) => sum + SCORE[m.rule.severity], 0);
      const threshold = inbound ? INBOUND_THRESHOLD : OUTBOUND_THRESHOLD;
      const deny = score >= threshold;
      const text = inbound ? "The request was blocked by the WAF." : "The response was blocked by the WAF.";
      const code = inbound ? 3700 : 3702;
      setResult(run, inbound ? "owasp_crs_request" : "owasp_crs_response", {
        ...(deny ? { error: { code: `ERR_NGROK_${code}`, message: text } } : {}),
        decision: deny ? "deny" : "allow",
        anomaly_score: score,
        anomaly_score_threshold: threshold,
        matched_rules: matched.map((m) => ({ id: m.rule.id, message: m.rule.message, severity: m.rule.severity.toLowerCase(), data: m.data })),
      });
      const detail = `anomaly score ${score} (threshold ${threshold}); rules ${matched.map((m) => m.rule.id).join(", ") || "none"}`;
      if (!deny) return { kind: "continue", detail };
      // The docs' "test mode": with on_error continue, a deny is recorded and the policy goes on.
      if (onError === "continue") return { kind: "continue", detail: `${detail}; would deny (on_error: continue)` };
      return { kind: "respond", response: blocked(code, text), detail };
    },
  };
}

export const owaspCrsRequest = crsAction("owasp-crs-request", true);
export const owaspCrsResponse = crsAction("owasp-crs-response", false);

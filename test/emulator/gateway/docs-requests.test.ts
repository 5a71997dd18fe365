/**
 * ngrok's documentation as the oracle of `testPolicy`: every request a page sends to one of its
 * example policies (test/emulator/gateway/ngrok-docs/corpus.json) is answered as the page shows: the status,
 * the headers it shows and the body. Values that depend on time, on addresses or on a service
 * behind the endpoint are compared by shape (a timestamp as an RFC 3339 time, `...` as anything).
 *
 * What a page's `curl` cannot say (the client's address, its location, the service behind an agent
 * endpoint, a valid token) is given per case in CONTEXT, with the page's words for it.
 * `awaitingEmulation` lists the cases the emulator does not answer as the page shows yet, with the
 * reason; each is asserted to still differ, so that an entry is removed once it passes.
 */
import { FakeClock, policyTester, type PolicyRequest, type PolicyResult, type PolicyTestOptions } from "../../../emulator";
import { corpus, type DocExample, type DocRequest } from "./ngrok-docs/corpus";
import { rsaKey, signJwt } from "./support";

interface Context {
  /** Why the case needs what it is given, in the page's terms. */
  why: string;
  request?: (req: PolicyRequest) => PolicyRequest;
  options?: PolicyTestOptions;
  /** Requests sent before the one whose answer the page shows (a rate limit's capacity). */
  before?: number;
}

/** An upstream service answering 200, as the agent endpoints of the pages have. */
const upstreamOk = (body = "...", contentType = "text/html") => () => ({ status: 200, headers: { "content-type": contentType }, body });
/** httpbin's /get: the request's headers, echoed as JSON. */
const httpbinGet = (req: { headers: Record<string, string[]> }) => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase()), v.join(",")])) }, null, 2),
});

const jwtKey = rsaKey("docs-key");
const JKU = "https://example.com/issuer/jku";

const CONTEXT: Readonly<Record<string, Context>> = {
  "traffic-policy/actions/add-headers.mdx:78": {
    why: "the page's client address, and httpbin behind the endpoint echoing the headers it receives",
    request: (r) => ({ ...r, clientIp: "2600:1700:4fa6:1a00:2051:938:7373:5563" }),
    options: { upstream: httpbinGet },
  },
  "traffic-policy/actions/add-headers.mdx:137": { why: "httpbin's /status/200 behind the endpoint", options: { upstream: () => ({ status: 200 }) } },
  "traffic-policy/actions/compress-response.mdx:101": {
    why: "the page's answer is gzip-compressed: its client accepts gzip; the JSON API behind the endpoint",
    request: (r) => ({ ...r, headers: { ...r.headers, "accept-encoding": "gzip" } }),
    options: { upstream: () => ({ status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify([{ id: 1, title: "post" }]) }) },
  },
  "traffic-policy/actions/redirect.mdx:348": { why: "a client in San Francisco", request: (r) => ({ ...r, geo: { city: "San Francisco" } }) },
  "traffic-policy/actions/restrict-ips.mdx:178": { why: "a client outside the allowed 1.1.1.1/32", request: (r) => ({ ...r, clientIp: "203.0.113.7" }) },
  "traffic-policy/actions/restrict-ips.mdx:240": {
    why: "a client the IP policy denies",
    request: (r) => ({ ...r, clientIp: "203.0.113.7" }),
    options: { ipPolicies: { ipp_1yjqdrIBwgciY2I9zH2EelgBbJF: { deny: ["203.0.113.0/24"] } } },
  },
  "traffic-policy/actions/restrict-ips.mdx:297": {
    why: "a client the IP policy denies, let through (enforce: false) to the service behind the endpoint",
    request: (r) => ({ ...r, clientIp: "203.0.113.7" }),
    options: { ipPolicies: { ipp_1yjqdrIBwgciY2I9zH2EelgBbJF: { deny: ["203.0.113.0/24"] } }, upstream: () => ({ status: 200 }) },
  },
  "traffic-policy/actions/url-rewrite.mdx:73": { why: "the service behind the endpoint serving /products.php", options: { upstream: () => ({ status: 200 }) } },
  "traffic-policy/actions/url-rewrite.mdx:142": { why: "the service behind the endpoint serving /products.php", options: { upstream: () => ({ status: 200 }) } },
  "traffic-policy/actions/url-rewrite.mdx:211": { why: "the service behind the endpoint serving /products.php", options: { upstream: () => ({ status: 200 }) } },
  "traffic-policy/actions/basic-auth.mdx:105": {
    why: "the page's header ends with a stray backtick after the base64 of user:password1; the request sends the credential the page means",
    request: (r) => ({ ...r, headers: { ...r.headers, authorization: "Basic dXNlcjpwYXNzd29yZDE=" } }),
  },
  "snippets/traffic-policy/actions/jwt-validation/basic-example.mdx:8": {
    why: "<VALID-JWT>: a token of the allowed issuer and audience signed by a key of the policy's key set, and the service behind the endpoint",
    request: (r) => ({
      ...r,
      headers: { ...r.headers, authorization: `Bearer ${signJwt(jwtKey, { iss: "https://example.com/issuer", aud: "urn:example:api", sub: "u1", exp: Date.UTC(2026, 0, 2) / 1000 })}` },
    }),
    options: { jwks: { [JKU]: jwtKey.jwks }, upstream: upstreamOk() },
  },
  "snippets/traffic-policy/actions/rate-limit/examples/basic-example.mdx:10": { why: "the 31st request of a minute, over the capacity of 30", before: 30 },
};

/**
 * Cases whose page shows an answer the emulator does not give yet, by `<id> <request at>`, and
 * why. Each is asserted to still differ from the page: remove the entry once it passes.
 */
const awaitingEmulation: Readonly<Record<string, string>> = {};

/** Cases whose page shows an answer its own policy cannot give, and why; asserted to still differ. */
const WRONG_ANSWERS: Readonly<Record<string, string>> = {
  "snippets/traffic-policy/actions/jwt-validation/basic-example.mdx:8 snippets/traffic-policy/actions/jwt-validation/basic-example.mdx:99":
    "the policy lists two tokens and the action page's 'Multiple tokens' says all must be present (https://ngrok.com/docs/traffic-policy/actions/jwt-validation/#multiple-tokens); the request sends only the header's, yet the page answers 200",
  "traffic-policy/actions/basic-auth.mdx:105 traffic-policy/actions/basic-auth.mdx:160":
    "the policy's custom-response sets content-type text/plain; the page's answer shows text/html",
  "traffic-policy/actions/redirect.mdx:282 traffic-policy/actions/redirect.mdx:328":
    "`from` is a regular expression whose `?` makes the s of users optional: it does not match /api/v1/users?id=123, so nothing redirects",
};

const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/;

/**
 * A pattern of a text the page shows: its timestamps any time, `...` and `<placeholders-here>`
 * anything, and the page's spacing free around tags and JSON punctuation (pages pretty-print).
 */
function shape(text: string): RegExp {
  const source = text
    .trim()
    .split(/(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ|\.\.\.|<[a-z][a-z-]*-here>|\s+)/)
    .map((p) => {
      if (p === "..." || /^<[a-z][a-z-]*-here>$/.test(p)) return "[\\s\\S]*";
      if (/^\s+$/.test(p)) return "\\s*";
      if (/^\d{4}-\d\d-\d\dT/.test(p)) return TIME.source;
      return [...p].map((c) => (/[<>{}[\],:]/.test(c) ? `\\s*\\${c}\\s*` : c.replace(/[.*+?^${}()|\\/]/g, "\\$&"))).join("");
    })
    .join("");
  return new RegExp(`^\\s*${source}\\s*$`);
}

/** JSON as a page writes it (a trailing comma where it elides the rest), or undefined. */
function pageJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/,(\s*[}\]])/g, "$1"));
  } catch {
    return undefined;
  }
}

/** Whether `got` holds what the page's JSON shows: its keys (a page elides the rest), values by shape. */
function holds(shown: unknown, got: unknown): boolean {
  if (typeof shown === "string") return typeof got === "string" && shape(shown).test(got);
  if (Array.isArray(shown)) return Array.isArray(got) && shown.length === got.length && shown.every((v, i) => holds(v, got[i]));
  if (shown !== null && typeof shown === "object") {
    return got !== null && typeof got === "object" && Object.entries(shown).every(([k, v]) => holds(v, (got as Record<string, unknown>)[k]));
  }
  return shown === got;
}

/** Headers whose value depends on when the request came: compared by shape. */
const TIMED: Readonly<Record<string, RegExp>> = { "retry-after": /^\d+$/ };

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What differs between the page's answer and the emulator's, one line each; none when it answers as shown. */
function differences(shown: DocRequest["answer"], got: Seen): string[] {
  const out: string[] = [];
  if (got.status !== shown.status) out.push(`status ${got.status}, the page shows ${shown.status}`);
  for (const [name, value] of Object.entries(shown.headers)) {
    const mine = got.headers[name];
    if (mine === undefined) out.push(`no ${name} header, the page shows one`);
    else if (!(TIMED[name] ?? shape(value)).test(mine)) out.push(`${name}: ${JSON.stringify(mine)}, the page shows ${JSON.stringify(value)}`);
  }
  const json = shown.body === undefined ? undefined : pageJson(shown.body);
  const same = shown.body === undefined || (json !== undefined ? holds(json, pageJson(got.body)) : shape(shown.body).test(got.body));
  if (!same) out.push(`body ${JSON.stringify(got.body.slice(0, 200))}, the page shows ${JSON.stringify((shown.body ?? "").slice(0, 200))}`);
  return out;
}

async function answer(example: DocExample, shown: DocRequest): Promise<PolicyResult> {
  const context = CONTEXT[example.id];
  const clock = new FakeClock();
  const tester = policyTester(example.yaml ?? example.json ?? example.policy, { clock, ...context?.options });
  let request: PolicyRequest = { method: shown.method, url: shown.url, headers: { ...shown.headers }, ...(shown.body === undefined ? {} : { body: shown.body }) };
  if (context?.request) request = context.request(request);
  for (let i = 0; i < (context?.before ?? 0); i++) await tester.run(request);
  return tester.run(request);
}

const cases = corpus.examples.flatMap((e) => e.requests.map((r): [string, string, DocExample, DocRequest] => [`${e.url} (${e.id}, request at ${r.at})`, `${e.id} ${r.at}`, e, r]));

it("finds the documented requests, and every list names a case there", () => {
  expect(cases.length).toBeGreaterThanOrEqual(20);
  const keys = new Set(cases.map((c) => c[1]));
  const ids = new Set(corpus.examples.map((e) => e.id));
  expect([...Object.keys(awaitingEmulation), ...Object.keys(WRONG_ANSWERS)].filter((k) => !keys.has(k))).toEqual([]);
  expect(Object.keys(CONTEXT).filter((k) => !ids.has(k))).toEqual([]);
});

describe.each(cases)("%s", (_name, key, example, shown) => {
  const waiting = awaitingEmulation[key] ?? WRONG_ANSWERS[key];
  if (waiting === undefined) {
    it("is answered as the page shows", async () => {
      const got = await answer(example, shown);
      expect(differences(shown.answer, got)).toEqual([]);
    });
  } else {
    it(`is not answered as the page shows yet: ${waiting}`, async () => {
      const got = await answer(example, shown);
      expect(differences(shown.answer, got)).not.toEqual([]);
    });
  }
});

/**
 * The emulator's answers against ngrok's error reference (https://ngrok.com/docs/errors/, one page
 * per code, e.g. https://ngrok.com/docs/errors/err_ngrok_218): each request below gets the code and
 * the status the API answers, and a message of the page's text, its `PLACEHOLDERS` filled in.
 * Every other code the emulator answers is listed in docs/emulator.md ("Error codes"), with why
 * its text is not the page's: a test below fails when a code is in neither place.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { request } from "undici";
import { startEmulator, type Emulator } from "../../../emulator";
import { call, expectError, missingId, type Answer } from "../../support/api";

let emu: Emulator;
let limited: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  limited = await startEmulator({ rateLimit: { limit: 1, windowMs: 60_000 } });
  await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" });
});
afterAll(async () => {
  await emu.close();
  await limited.close();
});

const send = async (method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> => {
  const res = await request(emu.url + path, { method: method as "GET", headers: { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2", ...headers }, body, reset: true });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: text === "" ? undefined : JSON.parse(text) };
};
/** ERR_NGROK_2267's page (https://ngrok.com/docs/errors/err_ngrok_2267/), which has no placeholder. */
const ERR_2267_PAGE =
  "Configuring provider API keys or key selection in Traffic Policy is no longer supported for standard providers. " +
  "Attach provider keys to your AI Gateway API Key instead: https://ngrok.com/docs/ai-gateway/guides/migrate-to-attached-provider-keys. " +
  "Custom providers can still configure API keys in Traffic Policy.";
const policy = (p: unknown): string => JSON.stringify(p);
const endpoint = (body: Record<string, unknown>): Promise<Answer> =>
  call(emu, "POST", "/endpoints", { url: "https://app.example.com", traffic_policy: policy({ on_http_request: [{ actions: [{ type: "deny" }] }] }), ...body });

interface Documented {
  code: string;
  status: number;
  /** The page's text, as https://ngrok.com/docs/errors/err_ngrok_<n> gives it. */
  page: string;
  answer(): Promise<Answer>;
}

const CASES: Documented[] = [
  {
    code: "ERR_NGROK_200",
    status: 403,
    page: "The ngrok API requires that you set the Authorization header for authentication. Your API keys and instructions are available on your dashboard: https://dashboard.ngrok.com/api-keys",
    answer: () => call(emu, "GET", "/credentials", undefined, { bareHeaders: true, headers: { "ngrok-version": "2" } }),
  },
  {
    code: "ERR_NGROK_218",
    status: 400,
    page: "Your request has not specified an API version. Include the version you wish to use in the Ngrok-Version header. Supported versions: `SUPPORTED`.",
    answer: () => call(emu, "GET", "/credentials", undefined, { bareHeaders: true, headers: { authorization: `Bearer ${emu.apiKey}` } }),
  },
  {
    code: "ERR_NGROK_217",
    status: 400,
    page: "The provided API version `VERSION` is invalid or unsupported. Supported versions: `SUPPORTED`. Check your API client implementation.",
    answer: () => call(emu, "GET", "/credentials", undefined, { headers: { "ngrok-version": "1" } }),
  },
  {
    code: "ERR_NGROK_226",
    status: 429,
    page: "Your account is rate limited to `MAX` API requests per `INTERVAL`.",
    async answer() {
      await call(limited, "GET", "/credentials");
      return call(limited, "GET", "/credentials");
    },
  },
  {
    code: "ERR_NGROK_210",
    status: 400,
    page: "The content type you specified `CTYPE` is not supported by the API. Check your API client implementation and see the list of supported content types: https://ngrok.com/docs/api#content-types",
    answer: () => send("POST", "/credentials", { "content-type": "text/plain" }, "{}"),
  },
  {
    code: "ERR_NGROK_211",
    status: 400,
    page: "The `METHOD` request you made does not expect a body, but you provided one. Check your API client implementation and review the API documentation: https://ngrok.com/docs/api-reference/.",
    answer: () => send("GET", "/credentials", { "content-type": "application/json" }, "{}"),
  },
  {
    code: "ERR_NGROK_213",
    status: 400,
    page: "The `CTYPE` request body could not be parsed. Check your API client implementation and review the API documentation: https://ngrok.com/docs/api-reference/.",
    answer: () => send("POST", "/credentials", { "content-type": "application/json" }, "{nope"),
  },
  {
    code: "ERR_NGROK_216",
    status: 400,
    page: "You did not provide a Content-Type with your request. Check your API client implementation and use one of the supported content types: https://ngrok.com/docs/api#content-types",
    answer: () => send("POST", "/credentials", {}, "{}"),
  },
  {
    code: "ERR_NGROK_233",
    status: 400,
    page: "The page size limit must be between 1 and `MAX` but `VAL` was provided.",
    answer: () => call(emu, "GET", "/credentials?limit=101"),
  },
  {
    code: "ERR_NGROK_244",
    status: 400,
    page: "The page size limit must be a number between 1 and `MAX` but `VAL` was provided.",
    answer: () => call(emu, "GET", "/credentials?limit=ten"),
  },
  { code: "ERR_NGROK_250", status: 400, page: "Invalid CEL query: `DETAIL`", answer: () => call(emu, "GET", `/credentials?filter=${encodeURIComponent("obj.nope == 1")}`) },
  {
    // ngrok's Kubernetes operator page shows an unknown action type answered so:
    // "Invalid policy action type 'rate-limit-fake'. ERR_NGROK_2201" (https://ngrok.com/docs/k8s/crds/agentendpoint).
    // ERR_NGROK_18002's page ("The provided cloud endpoint traffic policy configuration is invalid: `MESSAGE`")
    // names no action type: the emulator answers it for a policy's other structural faults.
    code: "ERR_NGROK_2201",
    status: 400,
    page: "Invalid policy action type `TYP`.",
    answer: () => endpoint({ traffic_policy: policy({ on_http_request: [{ actions: [{ type: "teleport" }] }] }) }),
  },
  {
    code: "ERR_NGROK_18002",
    status: 400,
    page: "The provided cloud endpoint traffic policy configuration is invalid: `MESSAGE`",
    answer: () => endpoint({ traffic_policy: policy({ on_http_nope: [{ actions: [{ type: "deny" }] }] }) }),
  },
  {
    code: "ERR_NGROK_2202",
    status: 400,
    page: "Action type `TYP` is not supported for `PHASE` traffic policy rule.",
    answer: () => endpoint({ traffic_policy: policy({ on_http_response: [{ actions: [{ type: "rate-limit" }] }] }) }),
  },
  {
    code: "ERR_NGROK_2230",
    status: 400,
    page: "Invalid Traffic Policy phase `PHASE` for protocol `PROTO`.",
    answer: () => call(emu, "POST", "/endpoints", { url: "tcp://db.internal:5432", traffic_policy: policy({ on_http_request: [{ actions: [{ type: "deny" }] }] }) }),
  },
  {
    code: "ERR_NGROK_2235",
    status: 400,
    page: "The traffic policy provided is not guaranteed to handle traffic. Ensure traffic always results in an action, e.g. custom response or forward action.",
    answer: () => endpoint({ traffic_policy: policy({ on_http_request: [{ actions: [{ type: "add-headers", config: { headers: { a: "b" } } }] }] }) }),
  },
  {
    code: "ERR_NGROK_2262",
    status: 400,
    page: "Internal HTTP/HTTPS endpoints do not support the on_tcp_connect Traffic Policy phase. Consider using a TCP or TLS endpoint instead.",
    answer: () => call(emu, "POST", "/endpoints", { url: "https://api.internal", traffic_policy: policy({ on_tcp_connect: [{ actions: [{ type: "deny" }] }] }) }),
  },
  { code: "ERR_NGROK_18001", status: 400, page: "The provided cloud endpoint configuration is invalid: url is invalid.", answer: () => endpoint({ url: "ftp://app.example.com" }) },
  {
    code: "ERR_NGROK_18006",
    status: 400,
    page: "This account does not have any domains or addresses reserved that match the provided URL.",
    answer: () => endpoint({ url: "https://elsewhere.example.org" }),
  },
  { code: "ERR_NGROK_18012", status: 400, page: "The description field cannot be longer than 255 characters.", answer: () => endpoint({ description: "d".repeat(256) }) },
  { code: "ERR_NGROK_18013", status: 400, page: "The metadata field cannot be longer than 4096 characters.", answer: () => endpoint({ metadata: "m".repeat(4097) }) },
  {
    code: "ERR_NGROK_18023",
    status: 400,
    page: "Invalid port for URL with scheme `CURRENTSCHEME`, allowed ports are `WANTPORT`.",
    answer: () => endpoint({ url: "https://app.example.com:8443" }),
  },
  {
    code: "ERR_NGROK_1406",
    status: 400,
    page: "Invalid CIDR: `CIDR`",
    async answer() {
      const p = (await call(emu, "POST", "/ip_policies", {})).json.id;
      return call(emu, "POST", "/ip_policy_rules", { ip_policy_id: p, cidr: "10.0.0.0/33", action: "allow" });
    },
  },
  {
    code: "ERR_NGROK_1422",
    status: 400,
    page: "An IP Policy Rule must have an 'action' of either 'allow' or 'deny'.",
    async answer() {
      const p = (await call(emu, "POST", "/ip_policies", {})).json.id;
      return call(emu, "POST", "/ip_policy_rules", { ip_policy_id: p, cidr: "10.0.0.0/8", action: "maybe" });
    },
  },
  {
    code: "ERR_NGROK_23003",
    status: 400,
    page: "A Vault must be empty before it can be deleted. Remove all secrets from the vault and try again.",
    async answer() {
      const v = (await call(emu, "POST", "/vaults", { name: "full" })).json.id;
      await call(emu, "POST", "/vault_secrets", { vault_id: v, name: "s", value: "x" });
      return call(emu, "DELETE", `/vaults/${v}`);
    },
  },
  // Literals ngrok checks when a policy is saved (https://ngrok.com/docs/traffic-policy/actions/<action>/).
  ...(
    [
      ["ERR_NGROK_2217", "Invalid CIDR(s): `CIDR`.", { type: "restrict-ips", config: { allow: ["10.0.0.0/33"] } }],
      ["ERR_NGROK_2216", "Invalid IP Policy Reference(s): `REFERENCE`.", { type: "restrict-ips", config: { ip_policies: ["not-an-id"] } }],
      [
        "ERR_NGROK_2261",
        "Failed to parse the configuration for policy action type `TYP`. Field `FIELD` is not a valid regular expression. ERROR: `ERR`.",
        { type: "url-rewrite", config: { from: "/a(", to: "/b" } },
      ],
      ["ERR_NGROK_2226", "Invalid configuration for `ACTION`: `CONFIG` must be a URL, but was `ACTUAL`.", { type: "http-request", config: { url: "not a url" } }],
      ["ERR_NGROK_2210", "Failed to parse configuration for `PHASE` `TYPE`: name is invalid `NAME`.", { type: "add-headers", config: { headers: { "x bad": "v" } } }],
      ["ERR_NGROK_2211", "Failed to parse configuration for `PHASE` `TYPE`: value is invalid `NAME`.", { type: "add-headers", config: { headers: { "x-v": "a\nb" } } }],
    ] as const
  ).map(
    ([code, page, action]): Documented => ({
      code,
      status: 400,
      page,
      answer: () => endpoint({ traffic_policy: policy({ on_http_request: [{ actions: [action] }, { actions: [{ type: "deny" }] }] }) }),
    }),
  ),
  {
    code: "ERR_NGROK_2205",
    status: 400,
    page: "Policy action type `TYP` does not support the `PROTO` protocol.",
    async answer() {
      const addr = (await call(emu, "POST", "/reserved_addrs", { region: "us" })).json.addr;
      const tcp = policy({ on_tcp_connect: [{ actions: [{ type: "terminate-tls" }] }, { actions: [{ type: "deny" }] }] });
      return endpoint({ url: `tcp://${String(addr)}`, traffic_policy: tcp });
    },
  },
  {
    code: "ERR_NGROK_2267",
    status: 400,
    page: ERR_2267_PAGE,
    answer: () =>
      endpoint({
        traffic_policy: policy({ on_http_request: [{ actions: [{ type: "ai-gateway", config: { providers: [{ id: "openai", api_keys: [{ value: "k" }] }] } }] }] }),
      }),
  },
  { code: "ERR_NGROK_24006", status: 400, page: "Vault with ID `ID` not found.", answer: () => call(emu, "POST", "/vault_secrets", { vault_id: missingId("vault"), name: "s", value: "x" }) },
  { code: "ERR_NGROK_24008", status: 400, page: "Required parameter 'VaultID' is missing.", answer: () => call(emu, "POST", "/vault_secrets", { name: "s", value: "x" }) },
  { code: "ERR_NGROK_24009", status: 400, page: "Vault not found with name: `NAME`", answer: () => call(emu, "POST", "/vault_secrets", { vault_name: "none", name: "s", value: "x" }) },
];

/** A page's text as a pattern: each `PLACEHOLDER` stands for any text, quoted or not. */
function pagePattern(page: string): RegExp {
  const parts = page.split(/`[^`]*`/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".+")}$`);
}

describe("codes, statuses and messages as ngrok's error reference gives them", () => {
  it.each(CASES)("$code ($status)", async (c) => {
    const a = await c.answer();
    expect(expectError(a, c.status, c.code).msg).toMatch(pagePattern(c.page));
  });
});

/** Every ERR_NGROK code in the emulator's source. */
function emulatorCodes(dir: string, found = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) emulatorCodes(path, found);
    else if (name.endsWith(".ts")) for (const m of readFileSync(path, "utf8").matchAll(/ERR_NGROK_\d+/g)) found.add(m[0]);
  }
  return found;
}

it("every code the emulator answers is checked above or listed in docs/emulator.md with why its text differs", () => {
  const root = join(__dirname, "../../..");
  const page = readFileSync(join(root, "docs/emulator.md"), "utf8");
  const section = page.slice(page.indexOf("## Error codes"));
  const listed = new Set([...section.matchAll(/ERR_NGROK_\d+/g)].map((m) => m[0]));
  const checked = new Set(CASES.map((c) => c.code));
  const missing = [...emulatorCodes(join(root, "emulator"))].filter((c) => !checked.has(c) && !listed.has(c)).sort();
  expect(missing).toEqual([]);
});

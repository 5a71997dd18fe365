/**
 * ngrok's documentation as the oracle of the preview check: every example policy of its Traffic
 * Policy, gateway and migration pages (test/emulator/gateway/ngrok-docs/corpus.json, each cited by its
 * page's URL) passes the check a program meets at preview, written as the page writes it (YAML and
 * JSON text) and in the typed form; a policy that always answers also goes through CloudEndpoint's
 * check and is accepted by the emulator's API, which must answer as the preview check does.
 * An example that is itself wrong is listed below with the reason, and must still be refused.
 */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { PolicyValue, policyProblems, pathText, type PolicyTarget } from "../../../provider/policy";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";
import { corpus, type DocExample } from "./ngrok-docs/corpus";

/** Examples the pages get wrong, by id (`<path>:<line>`), and why; each must still be refused. */
const WRONG: Readonly<Record<string, string>> = {
  "gateway/api-gateway/multicloud.mdx:138": "on_http_request is an object, not a list of rules",
  "gateway/api-gateway/multicloud.mdx:154": "on_http_request and on_http_response are objects, not lists of rules",
  "gateway/device-gateway/arm64.mdx:119": "an action has a `name` field; actions have only type and config",
  "gateway/examples/blue-green-deployments.mdx:48": "set-vars `vars` is a map where ngrok takes a list of one-entry maps, and an expression holds a ${...} interpolation, which is not CEL",
  "gateway/examples/blue-green-deployments.mdx:85": "set-vars `vars` is a map where ngrok takes a list of one-entry maps, and an expression holds a ${...} interpolation, which is not CEL",
  "gateway/examples/blue-green-deployments.mdx:137": "set-vars `vars` is a map where ngrok takes a list of one-entry maps",
  "gateway/examples/multiplex.mdx:81": "set-vars is given its variables as config fields instead of `vars`",
  "gateway/examples/odoo.mdx:81": "a rule has an `if` field; conditions are `expressions`",
  "gateway/examples/odoo.mdx:102": "a rule has an `if` field; conditions are `expressions`",
  "gateway/examples/pre-tier-requests.mdx:50": "set-vars `vars` is a map where ngrok takes a list of one-entry maps",
  "gateway/examples/rewrite-headers-redirects.mdx:41": "set-vars `vars` is a map where ngrok takes a list of one-entry maps",
  "gateway/examples/route-api-app-traffic-user-agent.mdx:55": "a rule's action is indented under `expressions`, leaving the rule without actions",
  "gateway/webhooks-to-on-prem/tutorial.mdx:243": "an expression quotes a ${secrets.get('...')} inside a single-quoted CEL string, which ends the string",
  "guides/migration/modules-to-traffic-policy-actions.mdx:50": "a set-vars ${...} leaves a parenthesis open (`exists_one(i, (... endsWith('@' + i))`)",
  "guides/migration/modules-to-traffic-policy-actions.mdx:121": "the action type is `oidc`; ngrok's type is `openid-connect`",
  "guides/migration/modules-to-traffic-policy-actions.mdx:349": "circuit-breaker fields `rolling_window` and `error_threshold_percentage` do not exist (`window_duration`, `error_threshold`)",
  "traffic-policy/examples/add-authentication.mdx:35": "basic-auth credentials are objects of username and password; ngrok takes `username:password` strings",
  "traffic-policy/examples/oauth-protection.mdx:138": "redirect is given `location`; its field is `to`",
  // Expressions CEL's type checker refuses against ngrok's documented variables and macros (https://ngrok.com/docs/traffic-policy/variables/,
  // https://ngrok.com/docs/traffic-policy/macros/): each would fail on every request it met.
  "gateway/examples/ephemeral-workloads.mdx:149": "`!conn.client_ip in [...]` negates the string conn.client_ip (`!` binds tighter than `in`): no `!_` takes a string",
  "gateway/examples/front-door-pattern.mdx:71": "`req.url.includes(...)`: CEL and ngrok's macros have no `includes` (`contains` is the string method)",
  "gateway/examples/lock-admin-dashboards.mdx:44": "`req.url.path.includes(...)`: CEL and ngrok's macros have no `includes` (`contains` is the string method)",
  "gateway/examples/wordpress.mdx:59": "`req.url.includes(...)`: CEL and ngrok's macros have no `includes` (`contains` is the string method)",
  "traffic-policy/actions/response-body-find-replace.mdx:174": "`res.headers['content-type'].contains(...)`: a header's values are a list of strings, and `contains` is a string method",
  "traffic-policy/actions/set-vars.mdx:288": "a ${...} reads `request.headers`; the variable is `req`",
  "traffic-policy/actions/set-vars.mdx:343": "a ${...} calls `sort(x, y, ...)` with a comparison; ngrok's lists have `sort()` and `sortBy(x, key)`",
  "traffic-policy/examples/event-logging.mdx:16": "`res.status_code < '200'` compares the int status code with a string",
  "snippets/traffic-policy/gallery/LogUnsuccessful.mdx:2": "`res.status_code < '200'` compares the int status code with a string",
  "snippets/traffic-policy/gallery/ManipulateHeaders.mdx:2": "a ${...} reads `.ngrok.geo.country_code`, which is no variable (`conn.geo.country_code`)",
  "snippets/traffic-policy/gallery/route-requests/BasedOnHeaders.mdx:4": "on_http_request and its actions are objects, not lists",
  "snippets/traffic-policy/gallery/route-requests/block-unwanted-requests/FromTor.mdx:4": "on_http_request and its actions are objects, not lists",
};

/**
 * Examples that leave a value for the reader to fill in (their IP addresses), by id: each
 * placeholder and what stands for it here. As written, ngrok refuses the placeholder (it is no
 * CIDR: ERR_NGROK_2217), and so must the checks; filled in, the example must pass.
 */
const PLACEHOLDERS: Readonly<Record<string, readonly [string, string][]>> = {
  "gateway/device-gateway/cloud-to-device.mdx:178": [["<your source IPs>", "203.0.113.0/24"]],
  "gateway/device-gateway/linux.mdx:108": [["ALLOWED_IP_ADDRESS_CIDR", "203.0.113.0/24"]],
  "gateway/examples/ip-restrictions-basic-auth.mdx:44": [
    ["$TRUSTED_IP_FOO/32", "203.0.113.7/32"],
    ["$TRUSTED_IP_BAR/32", "203.0.113.8/32"],
  ],
  "gateway/examples/minecraft.mdx:26": [
    ["$YOUR_IP/32", "203.0.113.7/32"],
    ["$ANOTHER_FRIEND_IP/32", "203.0.113.8/32"],
  ],
  "gateway/examples/n8n.mdx:113": [["$YOUR_IP/32", "203.0.113.7/32"]],
  "gateway/examples/n8n.mdx:215": [["$YOUR_IP/32", "203.0.113.7/32"]],
  "gateway/site-to-site-connectivity/index.mdx:119": [["allowed ips here (IPv4 or IPv6)", "203.0.113.0/24"]],
};

/** Blocks that name a phase but are not YAML or JSON at all, by id, and why. */
const UNPARSABLE: Readonly<Record<string, string>> = {
  "gateway/device-gateway/cloud-to-device.mdx:145": "a single-quoted value holds an apostrophe ('{your app's oauth client id}')",
};

const HTTP_URL = "https://app.example.com";
// A policy of on_tcp_connect alone: a TLS endpoint on a reserved domain (terminate-tls needs one).
const TLS_URL = "tls://app.example.com";

/** The forms a program may give the example in: the page's own texts, else the policy as JSON text; its placeholders filled in unless `asWritten`. */
function texts(example: DocExample, asWritten = false): [string, string][] {
  const out: [string, string][] = [];
  if (example.yaml !== undefined) out.push(["YAML", example.yaml]);
  if (example.json !== undefined) out.push(["JSON", example.json]);
  if (out.length === 0) out.push([`JSON of ${example.within}`, JSON.stringify(example.policy)]);
  const fill = asWritten ? [] : (PLACEHOLDERS[example.id] ?? []);
  return out.map(([form, text]) => [form, fill.reduce((t, [placeholder, value]) => t.split(placeholder).join(value), text)]);
}

const isHttp = (policy: Record<string, unknown>): boolean => Object.keys(policy).some((k) => k !== "on_tcp_connect");

/** Whether the policy always answers in its endpoint's first phase: a cloud endpoint's policy. */
function alwaysAnswers(policy: Record<string, unknown>): boolean {
  const rules = policy[isHttp(policy) ? "on_http_request" : "on_tcp_connect"];
  const terminating = ["custom-response", "deny", "forward-internal", "close-connection"];
  return (
    Array.isArray(rules) &&
    rules.some((r: { expressions?: unknown[]; actions?: { type?: string }[] }) => !r.expressions?.length && r.actions?.some((a) => terminating.includes(a.type ?? "")))
  );
}

/** An agent endpoint's check: what the URL allows, with no need to always answer. */
function agentTarget(policy: Record<string, unknown>): PolicyTarget {
  return { scheme: isHttp(policy) ? "https" : "tls", internal: false, cloud: false };
}

const lines = (problems: { path: (string | number)[]; message: string }[]): string[] => problems.map((p) => `${pathText("", p.path)} ${p.message}`);

const examples = corpus.examples;
const accepted = examples.filter((e) => !(e.id in WRONG));
const cloud = accepted.filter((e) => alwaysAnswers(e.policy));

let emu: Emulator;
let provider: Provider;
let endpoint: Handler;
beforeAll(async () => {
  // Hundreds of creates: the API's request rate is not what this test is about.
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }));
  endpoint = provider.handler("CloudEndpoint");
  await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" });
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

it("finds the documented examples: policies, requests shown with their answers", () => {
  expect(examples.length).toBeGreaterThanOrEqual(250);
  expect(examples.every((e) => /^https:\/\/ngrok\.com\/docs\/.+\/$/.test(e.url))).toBe(true);
  expect(examples.flatMap((e) => e.requests).length).toBeGreaterThanOrEqual(20);
  // The lists name examples the corpus has.
  expect([...Object.keys(WRONG), ...Object.keys(PLACEHOLDERS)].filter((id) => !examples.some((e) => e.id === id))).toEqual([]);
  expect(corpus.unparsed.map((u) => u.id).sort()).toEqual(Object.keys(UNPARSABLE).sort());
});

describe.each(accepted.map((e) => [`${e.url} (${e.id})`, e] as const))("%s", (_name, example) => {
  it("passes the preview check as the page writes it and in the typed form", () => {
    const target = alwaysAnswers(example.policy) ? undefined : agentTarget(example.policy);
    for (const [form, text] of texts(example)) {
      const value = PolicyValue.read(text);
      expect([form, lines(policyProblems(value, target ?? agentTarget(example.policy)))]).toEqual([form, []]);
      const typed = PolicyValue.read(value.typed()).withSecrets(value.secrets());
      expect(["typed", lines(policyProblems(typed, target ?? agentTarget(example.policy)))]).toEqual(["typed", []]);
    }
  });
});

describe.each(cloud.map((e) => [`${e.url} (${e.id})`, e] as const))("as a CloudEndpoint's policy: %s", (_name, example) => {
  const url = isHttp(example.policy) ? HTTP_URL : TLS_URL;
  it("passes CloudEndpoint's check as text and typed, and the emulator's API accepts it", async () => {
    for (const [form, text] of texts(example)) {
      const failures = (await endpoint.check({}, { url, trafficPolicy: text })).failures.map((f) => f.message);
      expect([form, failures]).toEqual([form, []]);
      // The typed form, as the SDK class hands it over: the policy without credentials, and them beside it.
      const value = PolicyValue.read(text);
      const typed = (await endpoint.check({}, { url, trafficPolicy: value.typed(), trafficPolicySecrets: value.secrets() })).failures.map((f) => f.message);
      expect(["typed", typed]).toEqual(["typed", []]);
      const created = await call(emu, "POST", "/endpoints", { type: "cloud", url, traffic_policy: text, pooling_enabled: true });
      expect([form, created.status, created.status === 201 ? "" : JSON.stringify(created.json)]).toEqual([form, 201, ""]);
      await call(emu, "DELETE", `/endpoints/${String(created.json.id)}`);
    }
  });
});

describe.each(Object.entries(WRONG))("wrong on the page: %s", (id, reason) => {
  it(`is refused at preview and by the emulator's API: ${reason}`, async () => {
    const example = examples.find((e) => e.id === id)!;
    for (const [form, text] of texts(example)) {
      expect([form, policyProblems(PolicyValue.read(text), agentTarget(example.policy)).length > 0]).toEqual([form, true]);
      const url = isHttp(example.policy) ? HTTP_URL : TLS_URL;
      expect([form, (await call(emu, "POST", "/endpoints", { type: "cloud", url, traffic_policy: text, pooling_enabled: true })).status]).toEqual([form, 400]);
    }
  });
});

describe.each(Object.keys(PLACEHOLDERS))("a placeholder left as written: %s", (id) => {
  it("is refused at preview and by the emulator's API as no CIDR (ERR_NGROK_2217)", async () => {
    const example = examples.find((e) => e.id === id)!;
    for (const [form, text] of texts(example, true)) {
      expect([form, policyProblems(PolicyValue.read(text), agentTarget(example.policy)).map((p) => p.message)]).toEqual([form, expect.arrayContaining([expect.stringMatching(/\(ERR_NGROK_2217\)$/)])]);
      const url = isHttp(example.policy) ? HTTP_URL : TLS_URL;
      const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url, traffic_policy: text, pooling_enabled: true });
      expect([form, answer.status, answer.json?.error_code]).toEqual([form, 400, expect.stringMatching(/^ERR_NGROK_22(17|35)$/)]);
    }
  });
});

describe.each(Object.entries(UNPARSABLE))("not YAML on the page: %s", (id, reason) => {
  it(`is refused as text that does not parse: ${reason}`, () => {
    const block = corpus.unparsed.find((u) => u.id === id)!;
    expect(policyProblems(PolicyValue.read(block.text))).toEqual([{ path: [], message: expect.stringMatching(/^is not valid YAML or JSON/) }]);
  });
});

// The AI Gateway's routing, as ngrok's AI Gateway guides describe it, with no I/O of its own: one
// request (its `model` and fallback `models`), an access key configuration in the API's shape,
// a directory of the account's provider keys and custom providers, and a way to call an upstream
// give the attempts made, the one that served, and what the client is answered. The emulator's
// gateway and `testRoute` both run it, so they agree.
//
// Pages cited below, all under https://ngrok.com/docs/ai-gateway/:
//   how-it-works                   request flow, failover order (key, step, then model)
//   guides/error-handling          which failures fail over; errors that skip failover
//   guides/key-selection-failover  keys of a step tried in order; then the next step
//   guides/access-key-configurations  routing rules, step types, default behaviour, access scope
//   guides/restrict-providers-and-models, guides/configure-fallback-models  scope checked before routing
//   guides/why-a-request-failed-over  Ngrok-AIG-* headers, attempts and their retryAction
//   concepts/models, guides/model-selection-strategies, reference/model-catalog  model ids
//   reference/error-codes          ERR_NGROK_3800 to 3810
//   sdks/other, sdks/anthropic, providers/google  the surfaces (paths) and which providers serve them
// and the AI Gateway API's schemas (AccessScope, RouterWrite, RouterRuleWrite, RouterStepWrite).

import { builtInProvider, catalogProvider } from "../shared/ai-catalog";
import { SURFACES, type Surface } from "./surfaces";

/** AccessDimension: `allow` omitted imposes nothing; an empty `allow` allows nothing. */
export interface AccessDimension {
  allow?: readonly string[] | null;
}

/** AccessScope: omitted altogether, the key may call every provider and model. */
export interface AccessScope {
  providers?: AccessDimension | null;
  models?: AccessDimension | null;
}

/** RouterStepKey(Write): an existing provider key by `id`, or an inline one by `name` and `value`. */
export interface RouterStepKey {
  id?: string;
  name?: string;
  value?: string;
}

export interface RouterStep {
  /** `user`: the step's provider keys (BYOK); `ngrok`: ngrok.ai inference (built-in OpenAI and Anthropic only). */
  type: "user" | "ngrok";
  keys?: readonly RouterStepKey[] | null;
  /** `ordered` (the only strategy): keys are tried in list order. */
  keySelectionStrategy?: "ordered" | null;
}

export interface RouterRule {
  provider?: string | null;
  /** Provider-qualified model id, e.g. `openai:openai/gpt-4o`. */
  model?: string | null;
  steps: readonly RouterStep[];
}

export interface Router {
  rules?: readonly RouterRule[] | null;
}

/** The part of an AIGatewayAccessKeyConfiguration routing reads (the API's camelCase shape). */
export interface RoutingConfiguration {
  access?: AccessScope | null;
  router?: Router | null;
}

export interface ProviderKeyRecord {
  id: string;
  name: string;
  /** The provider it is for, e.g. `openai`, or a custom provider's providerId. */
  provider: string;
  value: string;
}

export interface CustomProviderRecord {
  /** `aigp_…` */
  id: string;
  providerId: string;
  baseUrl: string;
  models?: ReadonlyArray<{ modelId: string }> | null;
  /** The API surfaces it serves (SupportedAPISurface); none listed: OpenAI's. */
  supportedApiSurfaces?: ReadonlyArray<{ format: string; surface?: string; supportedParams?: ReadonlyArray<{ name: string }> }> | null;
}

/** What routing needs to know of the account. */
export interface RouteDirectory {
  providerKey(id: string): ProviderKeyRecord | undefined;
  /** By providerId or `aigp_` id. */
  customProvider(ref: string): CustomProviderRecord | undefined;
  /** The account's provider keys for a provider, oldest first: what a key with no configuration uses. */
  providerKeysFor?(provider: string): readonly ProviderKeyRecord[];
}

/** One upstream call the router asks for. */
export interface UpstreamCall {
  provider: string;
  /** The model id sent upstream (no provider prefix). */
  model: string;
  /** Whose credential: the step's provider key, or ngrok.ai inference. */
  credential: { source: "user"; key: ProviderKeyRecord } | { source: "ngrok" };
  /** A custom provider's base URL; built-in providers have none here. */
  baseUrl?: string;
  /** The top-level body fields the custom provider's surface takes, when it lists them: the others are stripped. */
  supportedParams?: readonly string[];
}

export type UpstreamOutcome =
  | {
      kind: "answer";
      status: number;
      headers?: Record<string, string>;
      body: string;
      /** A streamed answer's body (server-sent events), as it arrives; `body` is then empty. */
      stream?: AsyncIterable<Uint8Array>;
    }
  | { kind: "timeout"; message?: string }
  | { kind: "unreachable"; message?: string };

export type CallUpstream = (call: UpstreamCall) => Promise<UpstreamOutcome>;

export interface RouteRequest {
  model: string;
  /** The API surface the request is for (its path); default chat completions. */
  surface?: Surface;
  /** Fallback models, tried in order after `model` (concepts/models, guides/configure-fallback-models). */
  models?: readonly string[];
}

/** The verdict after an attempt, in the words of guides/why-a-request-failed-over. */
export type RetryAction = "succeeded" | "next_key" | "managed_fallback" | "next_backend" | "exhausted";

export interface RouteAttempt {
  attemptNumber: number;
  provider: string;
  model: string;
  /** The rule that gave the step: its index in `router.rules` and what matched; absent for the defaults. */
  rule?: { index: number; by: "model" | "provider" };
  step: number;
  keySource: "user" | "ngrok";
  keyId?: string;
  keyName?: string;
  /** The upstream's status; absent when it timed out or could not be reached. */
  statusCode?: number;
  completion: "succeeded" | "failed" | "timed_out";
  retryAction: RetryAction;
  served: boolean;
  /** One line: why the attempt failed. */
  error?: string;
}

export interface RouteServed {
  provider: string;
  model: string;
  keySource: "user" | "ngrok";
  keyId?: string;
  keyName?: string;
  rule?: { index: number; by: "model" | "provider" };
  step: number;
}

export interface RouteResult {
  /** What the client is answered. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The served upstream's streamed body, forwarded as it arrives (`body` is then empty). */
  stream?: AsyncIterable<Uint8Array>;
  /** Who served it, when an upstream did. */
  served?: RouteServed;
  /** The gateway's own error, when it answered one: ERR_NGROK_3800 to 3810 and its message. */
  error?: { code: string; message: string };
  /** Every upstream attempt, in order. */
  attempts: RouteAttempt[];
  /** Candidate models the gateway did not try, and why (scope, no credentials, unknown model). */
  skipped: Array<{ model: string; reason: string }>;
  /** The story in lines a person reads: each candidate, each attempt and what came of it. */
  why: string[];
}

/** A request's model resolved to a provider (concepts/models, concepts/providers "How provider selection works"). */
interface Candidate {
  /** As the request wrote it. */
  written: string;
  provider: string;
  /** The custom provider's `aigp_` id, when it is one. */
  customId?: string;
  baseUrl?: string;
  model: string;
  /** The names this model answers to in access scopes and rules: `model`, `author/model`. */
  names: string[];
  /** A custom provider's surfaces, as the API holds them. */
  surfaces?: CustomProviderRecord["supportedApiSurfaces"];
  /** The body fields the request's surface takes on this provider, when it lists them. */
  supportedParams?: readonly string[];
}

type Resolution = Candidate | { refused: string };

function resolve(written: string, directory: RouteDirectory): Resolution {
  const colon = written.indexOf(":");
  if (colon < 0) {
    // `gpt-4o`, or `openai/gpt-4o` (author/model, as access scopes write models).
    const slash = written.indexOf("/");
    const bare = slash >= 0 && builtInProvider(written.slice(0, slash)) !== undefined ? written.slice(slash + 1) : written;
    const provider = catalogProvider(bare);
    if (provider === undefined || (bare !== written && written.slice(0, slash) !== provider)) return { refused: `no provider serves '${written}': name it as provider:model` };
    return { written, provider, model: bare, names: namesOf(provider, bare) };
  }
  const providerRef = written.slice(0, colon);
  let model = written.slice(colon + 1);
  if (providerRef === "" || model === "") return { refused: `'${written}' is not a model id: write provider:model` };
  // Provider names are matched exactly (concepts/models, "Model and provider names").
  if (builtInProvider(providerRef) !== undefined) {
    // `openai:openai/gpt-4o` (provider:author/model): OpenAI's and Anthropic's own models go upstream without their author.
    if (model.toLowerCase().startsWith(`${providerRef}/`)) model = model.slice(providerRef.length + 1);
    return { written, provider: providerRef, model, names: namesOf(providerRef, model) };
  }
  const custom = directory.customProvider(providerRef);
  if (custom === undefined) return { refused: `no provider '${providerRef}' (neither built in nor one of the account's custom providers)` };
  const models = custom.models ?? [];
  // A custom provider serves the model ids configured on it (guides/model-selection-strategies, "Use a custom provider model").
  if (models.length > 0 && !models.some((m) => m.modelId.toLowerCase() === model.toLowerCase())) {
    return { refused: `custom provider '${custom.providerId}' has no model '${model}' (it has ${models.map((m) => m.modelId).join(", ")})` };
  }
  return { written, provider: custom.providerId, customId: custom.id, baseUrl: custom.baseUrl, model, names: [model.toLowerCase()], surfaces: custom.supportedApiSurfaces };
}

/**
 * The body an upstream gets: the request's, with the model the attempt calls and no fallback
 * `models`; a custom provider's surface that lists its parameters gets only those (and `model`):
 * "unsupported parameters are stripped for the chosen model before forwarding" (how-it-works).
 */
export function upstreamBodyOf(body: Record<string, unknown>, call: UpstreamCall): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body, model: call.model };
  delete out["models"];
  if (call.supportedParams !== undefined) {
    for (const field of Object.keys(out)) if (field !== "model" && !call.supportedParams.includes(field)) delete out[field];
  }
  return out;
}

/**
 * Why a candidate cannot serve the request's surface, or undefined; a custom provider that serves
 * it gets the body fields its surface lists. `/v1/messages` reaches only providers with the
 * Anthropic surface: of the catalog's, Anthropic (sdks/anthropic); the Responses API does not reach
 * Google (providers/google); a custom provider serves the surfaces it lists (OpenAI's when it lists none).
 */
function surfaceRefusal(surface: Surface, c: Candidate): string | undefined {
  const wanted = { ...SURFACES[surface], path: `/v1${SURFACES[surface].path}` };
  if (c.customId === undefined) {
    if (surface === "messages" && c.provider !== "anthropic") return `${wanted.path} reaches only providers with Anthropic's Messages API, and '${c.provider}' has none`;
    if (surface === "responses" && c.provider === "google") return `${wanted.path} does not reach Google's models: send them to /v1/chat/completions`;
    return undefined;
  }
  const listed = c.surfaces ?? [];
  if (listed.length === 0) return wanted.format === "openai" ? undefined : `custom provider '${c.provider}' lists no ${wanted.format} surface, so ${wanted.path} does not reach it`;
  const match = listed.find((s) => s.format === wanted.format && (s.surface === undefined || s.surface === "" || s.surface === wanted.surface));
  if (match === undefined) {
    const has = listed.map((s) => (s.surface ? `${s.format} ${s.surface}` : s.format)).join(", ");
    return `custom provider '${c.provider}' does not serve ${wanted.format} ${wanted.surface} (${wanted.path}); it serves ${has}`;
  }
  const params = match.supportedParams ?? [];
  if (params.length > 0) c.supportedParams = params.map((p) => p.name);
  return undefined;
}

function namesOf(provider: string, model: string): string[] {
  const m = model.toLowerCase();
  // Catalog models of OpenAI and Anthropic are authored by their provider: `openai/gpt-4o`.
  return m.includes("/") ? [m] : [m, `${provider}/${m}`];
}

function providerMatches(ref: string, c: Candidate): boolean {
  return ref === c.provider || (c.customId !== undefined && ref === c.customId);
}

/**
 * A model id of an access scope or a rule: `provider:author/model` (provider-qualified) or
 * `author/model` (any provider) (AccessScope.models, RouterRuleWrite.model).
 */
function modelMatches(entry: string, c: Candidate): boolean {
  const colon = entry.indexOf(":");
  if (colon >= 0) {
    if (!providerMatches(entry.slice(0, colon), c)) return false;
    return c.names.includes(entry.slice(colon + 1).toLowerCase());
  }
  return c.names.includes(entry.toLowerCase());
}

/** Why the access scope refuses a candidate, or undefined (guides/restrict-providers-and-models). */
function scopeRefusal(access: AccessScope | null | undefined, c: Candidate): string | undefined {
  const providers = access?.providers?.allow;
  if (providers !== undefined && providers !== null && !providers.some((p) => providerMatches(p, c))) {
    return `provider '${c.provider}' is not in access.providers.allow`;
  }
  const models = access?.models?.allow;
  if (models !== undefined && models !== null && !models.some((m) => modelMatches(m, c))) {
    return `model '${c.written}' is not in access.models.allow`;
  }
  return undefined;
}

interface Plan {
  rule?: { index: number; by: "model" | "provider" };
  steps: ReadonlyArray<{ type: "user"; keys: ProviderKeyRecord[]; missing: string[] } | { type: "ngrok" }>;
}

/**
 * The steps for a candidate. A rule naming the model takes precedence over one naming only its
 * provider (RouterRuleWrite). With no rule for the provider, built-in providers get an implicit
 * ngrok step and custom providers have none (RouterWrite). A key with no configuration at all
 * uses the account's stored keys for the provider (guides/attaching-provider-keys), then ngrok.ai
 * inference for OpenAI and Anthropic (guides/access-key-configurations, "Default behavior").
 */
function plan(configuration: RoutingConfiguration | undefined, c: Candidate, directory: RouteDirectory): Plan {
  const rules = configuration?.router?.rules ?? [];
  const matching = (by: "model" | "provider") =>
    rules.findIndex((r) => {
      if (by === "model" ? r.model == null : r.model != null || r.provider == null) return false;
      if (r.provider != null && !providerMatches(r.provider, c)) return false;
      return r.model == null || modelMatches(r.model, c);
    });
  const byModel = matching("model");
  const index = byModel >= 0 ? byModel : matching("provider");
  if (index >= 0) {
    const rule = rules[index]!;
    return {
      rule: { index, by: byModel >= 0 ? "model" : "provider" },
      steps: rule.steps.map((s, stepIndex) => {
        if (s.type === "ngrok") return { type: "ngrok" as const };
        const keys: ProviderKeyRecord[] = [];
        const missing: string[] = [];
        (s.keys ?? []).forEach((k, keyIndex) => {
          if (k.id !== undefined) {
            const found = directory.providerKey(k.id);
            if (found === undefined) missing.push(k.id);
            else keys.push(found);
          } else if (k.value !== undefined) {
            keys.push({ id: `router.rules[${index}].steps[${stepIndex}].keys[${keyIndex}]`, name: k.name ?? "", provider: c.provider, value: k.value });
          }
        });
        return { type: "user" as const, keys, missing };
      }),
    };
  }
  const builtIn = builtInProvider(c.provider);
  const steps: Array<{ type: "user"; keys: ProviderKeyRecord[]; missing: string[] } | { type: "ngrok" }> = [];
  if (configuration === undefined) {
    const stored = directory.providerKeysFor?.(c.provider) ?? [];
    if (stored.length > 0) steps.push({ type: "user", keys: [...stored], missing: [] });
  }
  if (builtIn !== undefined) steps.push({ type: "ngrok" });
  return { steps };
}

/** A failed answer: any 4xx or 5xx, a timeout or a connection error (guides/error-handling, "Automatic failover"). */
function failed(outcome: UpstreamOutcome): boolean {
  return outcome.kind !== "answer" || outcome.status >= 400;
}

function describe(outcome: UpstreamOutcome): string {
  if (outcome.kind === "timeout") return outcome.message ?? "timed out";
  if (outcome.kind === "unreachable") return outcome.message ?? "could not be reached";
  return `${outcome.status}`;
}

/** A gateway error in the shape OpenAI-compatible SDKs read: `error.code` carries ngrok's code. */
export function gatewayError(status: number, code: string | null, message: string): { status: number; headers: Record<string, string>; body: string } {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ error: { message: code === null ? message : `${code}: ${message}`, type: "ngrok_error", code } }),
  };
}

export interface RouteOptions {
  /** The access key's configuration; undefined: a key with none (allow-all, default routing). */
  configuration: RoutingConfiguration | undefined;
  request: RouteRequest;
  directory: RouteDirectory;
  call: CallUpstream;
  /**
   * The total timeout: when `exceeded()` after an attempt, no further attempt is made and the
   * client gets 504 ERR_NGROK_3810 (how-it-works "Timeouts and token limits"; reference/error-codes).
   */
  totalTimeout?: { exceeded: () => boolean; text: string };
}

export async function route(options: RouteOptions): Promise<RouteResult> {
  const { configuration, request, directory, call, totalTimeout } = options;
  const attempts: RouteAttempt[] = [];
  const skipped: RouteResult["skipped"] = [];
  const why: string[] = [];
  const written = [request.model, ...(request.models ?? [])];

  // Candidates, each with its steps; scope is checked before anything goes upstream
  // (guides/restrict-providers-and-models; guides/configure-fallback-models, "Access restrictions still apply").
  const candidates: Array<{ candidate: Candidate; plan: Plan }> = [];
  let scopeRefused = 0;
  let noCredentials = 0;
  let unknown = 0;
  for (const w of written) {
    const r = resolve(w, directory);
    if ("refused" in r) {
      unknown++;
      skipped.push({ model: w, reason: r.refused });
      why.push(`${w}: skipped, ${r.refused}`);
      continue;
    }
    const refusal = scopeRefusal(configuration?.access, r) ?? surfaceRefusal(request.surface ?? "chat", r);
    if (refusal !== undefined) {
      scopeRefused++;
      skipped.push({ model: w, reason: refusal });
      why.push(`${w}: skipped, ${refusal}`);
      continue;
    }
    const p = plan(configuration, r, directory);
    const usable = p.steps.some((s) => s.type === "user" ? s.keys.length > 0 : builtInProvider(r.provider)?.ngrokInference === true);
    if (!usable) {
      // API key errors for one model fail over to the next model (guides/error-handling, note).
      noCredentials++;
      const reason = p.rule === undefined ? `no routing rule gives credentials for provider '${r.provider}'` : `router.rules[${p.rule.index}] has no usable credentials for '${r.provider}'`;
      skipped.push({ model: w, reason });
      why.push(`${w}: skipped, ${reason}`);
      continue;
    }
    candidates.push({ candidate: r, plan: p });
  }

  if (candidates.length === 0) {
    // Errors that skip failover (guides/error-handling; reference/error-codes).
    const reasons = skipped.map((s) => `${s.model}: ${s.reason}`).join("; ");
    const e =
      scopeRefused > 0 && noCredentials === 0
        ? { status: 422, code: "ERR_NGROK_3803", message: `Model selection failed: ${reasons}` }
        : noCredentials > 0
          ? { status: 400, code: "ERR_NGROK_3802", message: `No API key found. ${reasons}` }
          : unknown > 0
            ? { status: 422, code: "ERR_NGROK_3804", message: `No matching models found: ${reasons}` }
            : { status: 422, code: "ERR_NGROK_3803", message: `Model selection failed: ${reasons}` };
    const answer = gatewayError(e.status, e.code, e.message);
    return { ...answer, error: { code: e.code, message: e.message }, attempts, skipped, why };
  }

  // Failover order: next key of the step, next step of the rule, next model of the request
  // (how-it-works, "Failover order"); the same model and key are never tried twice (guides/error-handling).
  type Try = { c: Candidate; p: Plan; step: number; credential: UpstreamCall["credential"] };
  const tries: Try[] = [];
  const seen = new Set<string>();
  for (const { candidate: c, plan: p } of candidates) {
    const once = (credential: string): boolean => {
      const k = `${c.provider}\n${c.model.toLowerCase()}\n${credential}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    };
    p.steps.forEach((s, step) => {
      if (s.type === "ngrok") {
        if (builtInProvider(c.provider)?.ngrokInference === true && once("ngrok")) tries.push({ c, p, step, credential: { source: "ngrok" } });
        return;
      }
      for (const key of s.keys) if (once(key.id)) tries.push({ c, p, step, credential: { source: "user", key } });
    });
  }

  let last: UpstreamOutcome | undefined;
  for (let i = 0; i < tries.length; i++) {
    if (i > 0 && totalTimeout?.exceeded() === true) {
      // Failover stops once the total timeout is reached, even with candidates left (guides/error-handling).
      const message = `Request timed out after ${totalTimeout.text}. Try a shorter prompt or increase your timeout.`;
      why.push(`total timeout of ${totalTimeout.text} reached: ${tries.length - i} attempt(s) not made`);
      return { ...gatewayError(504, "ERR_NGROK_3810", message), error: { code: "ERR_NGROK_3810", message }, attempts, skipped, why };
    }
    const t = tries[i]!;
    const next = tries[i + 1];
    const outcome = await call({
      provider: t.c.provider,
      model: t.c.model,
      credential: t.credential,
      ...(t.c.baseUrl === undefined ? {} : { baseUrl: t.c.baseUrl }),
      ...(t.c.supportedParams === undefined ? {} : { supportedParams: t.c.supportedParams }),
    });
    last = outcome;
    const ok = !failed(outcome);
    const retryAction: RetryAction = ok
      ? "succeeded"
      : next === undefined
        ? "exhausted"
        : next.c !== t.c
          ? "next_backend"
          : next.credential.source === "ngrok"
            ? "managed_fallback"
            : "next_key";
    const attempt: RouteAttempt = {
      attemptNumber: i + 1,
      provider: t.c.provider,
      model: t.c.model,
      ...(t.p.rule === undefined ? {} : { rule: t.p.rule }),
      step: t.step,
      keySource: t.credential.source,
      ...(t.credential.source === "user" ? { keyId: t.credential.key.id, ...(t.credential.key.name === "" ? {} : { keyName: t.credential.key.name }) } : {}),
      ...(outcome.kind === "answer" ? { statusCode: outcome.status } : {}),
      completion: ok ? "succeeded" : outcome.kind === "timeout" ? "timed_out" : "failed",
      retryAction,
      served: ok,
      ...(ok ? {} : { error: describe(outcome) }),
    };
    attempts.push(attempt);
    const via = t.p.rule === undefined ? "default routing" : `router.rules[${t.p.rule.index}] (by ${t.p.rule.by})`;
    const cred = t.credential.source === "ngrok" ? "ngrok.ai inference" : `key ${t.credential.key.id}${t.credential.key.name === "" ? "" : ` (${t.credential.key.name})`}`;
    why.push(`attempt ${i + 1}: ${t.c.provider}:${t.c.model} via ${via}, step ${t.step}, ${cred}: ${describe(outcome)}${ok ? ", served" : ` → ${retryAction}`}`);
    if (ok && outcome.kind === "answer") {
      const served: RouteServed = {
        provider: t.c.provider,
        model: t.c.model,
        keySource: t.credential.source,
        ...(t.credential.source === "user" ? { keyId: t.credential.key.id, ...(t.credential.key.name === "" ? {} : { keyName: t.credential.key.name }) } : {}),
        ...(t.p.rule === undefined ? {} : { rule: t.p.rule }),
        step: t.step,
      };
      return {
        status: outcome.status,
        headers: { ...(outcome.headers ?? {}) },
        body: outcome.body,
        ...(outcome.stream === undefined ? {} : { stream: outcome.stream }),
        served,
        attempts,
        skipped,
        why,
      };
    }
  }

  // Every candidate failed: ERR_NGROK_3807 lists each attempt; when none was even reached, ERR_NGROK_3800 (reference/error-codes).
  const list = attempts.map((a) => `[${a.statusCode ?? a.completion}] ${a.provider}/${a.model}: ${a.error ?? ""}`).join("; ");
  const unreachable = attempts.every((a) => a.statusCode === undefined) && last?.kind === "unreachable";
  const e = unreachable
    ? { status: 502, code: "ERR_NGROK_3800", message: `Could not reach the AI provider. The upstream request failed. ${list}` }
    : { status: 503, code: "ERR_NGROK_3807", message: `All providers failed: ${list}` };
  return { ...gatewayError(e.status, e.code, e.message), error: { code: e.code, message: e.message }, attempts, skipped, why };
}

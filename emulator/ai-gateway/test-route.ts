// `testRoute`: one request through an access key configuration, offline, in any test runner. The
// configuration is written as the program writes it (the AI Gateway API's camelCase shape,
// provider keys by id); stand-ins say what each provider does. The emulator's AI gateway runs
// the same router (router.ts), so the two agree.
import { builtInProvider } from "../shared/ai-catalog";
import { route, upstreamBodyOf, type CustomProviderRecord, type ProviderKeyRecord, type RouteDirectory, type RouteResult, type RouterStepKey, type RoutingConfiguration } from "./router";
import { NGROK_INFERENCE_CREDENTIAL, standInOutcome, type ProviderBehaviour } from "./stand-in";
import { SURFACES, type Surface } from "./surfaces";

/** An access key configuration as a program writes it (AIGatewayAccessKeyConfigurationCreate). */
export interface AccessKeyConfigurationInput extends RoutingConfiguration {
  name?: string;
  description?: string;
  metadata?: string;
}

export interface RouteTestOptions {
  /** The account's provider keys by id, as the program's provider keys hold them; `value` defaults to the id. */
  providerKeys?: Record<string, { provider: string; name?: string; value?: string }>;
  /** The account's custom providers by providerId (`id`: their `aigp_` id, for references by id). */
  customProviders?: Record<string, { id?: string; baseUrl?: string; models?: ReadonlyArray<{ modelId: string }>; supportedApiSurfaces?: CustomProviderRecord["supportedApiSurfaces"] }>;
  /** What each provider does, by providerId; a provider not named here answers 200. */
  providers?: Record<string, ProviderBehaviour>;
}

/**
 * A request: its `model` (e.g. "openai:gpt-4o"), or its body (`model`, fallback `models`, and any
 * other field) with the `surface` it is sent to: `chat` (/v1/chat/completions, the default),
 * `completions`, `embeddings`, `responses` or `messages` (Anthropic's /v1/messages).
 */
export type RouteTestRequest = string | { model: string; models?: readonly string[]; surface?: Surface; [field: string]: unknown };

/** A configuration the AI Gateway API would refuse: the property as the program writes it, one line. */
export class RouteConfigurationError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = "RouteConfigurationError";
  }
}

/** The API's schema rules for `router` (RouterRuleWrite, RouterStepWrite, RouterStepKeyWrite), against the given keys and providers. */
function check(configuration: AccessKeyConfigurationInput, directory: RouteDirectory): void {
  const providerRules = new Map<string, number>();
  (configuration.router?.rules ?? []).forEach((rule, r) => {
    const at = `router.rules[${r}]`;
    if (rule.provider == null && rule.model == null) throw new RouteConfigurationError(at, "names neither a provider nor a model");
    if (rule.model != null && !rule.model.includes(":")) {
      throw new RouteConfigurationError(`${at}.model`, `'${rule.model}' is not provider-qualified (write provider:author/model, e.g. openai:openai/gpt-4o)`);
    }
    if (rule.model == null && rule.provider != null) {
      // At most one provider rule per upstream (RouterRuleWrite.provider).
      const earlier = providerRules.get(rule.provider);
      if (earlier !== undefined) throw new RouteConfigurationError(`${at}.provider`, `router.rules[${earlier}] is already the rule of provider '${rule.provider}'`);
      providerRules.set(rule.provider, r);
    }
    const provider = rule.provider ?? rule.model?.slice(0, rule.model.indexOf(":")) ?? "";
    const builtIn = builtInProvider(provider) !== undefined;
    if (!builtIn && directory.customProvider(provider) === undefined) {
      throw new RouteConfigurationError(rule.provider != null ? `${at}.provider` : `${at}.model`, `no provider '${provider}' (neither built in nor in options.customProviders)`);
    }
    if (!Array.isArray(rule.steps) || rule.steps.length === 0) throw new RouteConfigurationError(`${at}.steps`, "needs at least one step");
    rule.steps.forEach((step, s) => {
      const sat = `${at}.steps[${s}]`;
      if (step.type !== "user" && step.type !== "ngrok") throw new RouteConfigurationError(`${sat}.type`, `must be "user" or "ngrok"`);
      if (step.keySelectionStrategy != null && step.keySelectionStrategy !== "ordered") throw new RouteConfigurationError(`${sat}.keySelectionStrategy`, `must be "ordered"`);
      if (step.type === "ngrok" && !builtIn) throw new RouteConfigurationError(`${sat}.type`, `"ngrok" serves built-in providers only, not '${provider}'`);
      if (step.type === "user" && (step.keys == null || step.keys.length === 0)) throw new RouteConfigurationError(`${sat}.keys`, `a "user" step needs at least one provider key`);
      const keys: readonly RouterStepKey[] = step.keys ?? [];
      keys.forEach((key, k) => {
        const kat = `${sat}.keys[${k}]`;
        if (key.id !== undefined) {
          if (directory.providerKey(key.id) === undefined) throw new RouteConfigurationError(`${kat}.id`, `no provider key '${key.id}' in options.providerKeys`);
        } else if (key.name === undefined || key.value === undefined) {
          throw new RouteConfigurationError(kat, "needs an id, or a name and a value");
        }
      });
    });
  });
}

function directoryOf(options: RouteTestOptions): RouteDirectory {
  const keys: ProviderKeyRecord[] = Object.entries(options.providerKeys ?? {}).map(([id, k]) => ({ id, name: k.name ?? "", provider: k.provider, value: k.value ?? id }));
  const customs: CustomProviderRecord[] = Object.entries(options.customProviders ?? {}).map(([providerId, p], i) => ({
    id: p.id ?? `aigp_${i + 1}`,
    providerId,
    baseUrl: p.baseUrl ?? `https://${providerId}.internal`,
    ...(p.models === undefined ? {} : { models: p.models }),
    ...(p.supportedApiSurfaces === undefined ? {} : { supportedApiSurfaces: p.supportedApiSurfaces }),
  }));
  return {
    providerKey: (id) => keys.find((k) => k.id === id),
    customProvider: (ref) => customs.find((p) => p.providerId === ref || p.id === ref),
    providerKeysFor: (provider) => keys.filter((k) => k.provider === provider),
  };
}

/**
 * Runs one request through an access key configuration (undefined: an access key with none) and
 * answers which provider, model and key served it and why: every attempt, the candidates skipped,
 * what the client gets. A configuration the API would refuse throws a RouteConfigurationError
 * naming the property.
 */
export async function testRoute(configuration: AccessKeyConfigurationInput | undefined, request: RouteTestRequest, options: RouteTestOptions = {}): Promise<RouteResult> {
  const directory = directoryOf(options);
  if (configuration !== undefined) check(configuration, directory);
  const { surface = "chat", ...body }: Exclude<RouteTestRequest, string> = typeof request === "string" ? { model: request } : request;
  return route({
    configuration,
    request: { model: body.model, surface, ...(body.models === undefined ? {} : { models: body.models }) },
    directory,
    call: async (call) => {
      const credential = call.credential.source === "ngrok" ? NGROK_INFERENCE_CREDENTIAL : call.credential.key.value;
      const keyId = call.credential.source === "user" ? call.credential.key.id : undefined;
      const sent = upstreamBodyOf(typeof request === "string" ? {} : body, call);
      return standInOutcome(options.providers?.[call.provider], { provider: call.provider, model: call.model, credential, ...(keyId === undefined ? {} : { keyId }), body: sent, path: SURFACES[surface].path });
    },
  });
}

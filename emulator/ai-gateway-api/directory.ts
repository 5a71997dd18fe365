// What the emulator's AI Gateway (the OpenAI-compatible gateway) reads of the account: access keys
// by token, their configurations, provider keys with their values, custom providers; and where it
// records usage events, which the AI Gateway API's `/usage` and `/usage/overview` then answer.
// Read from the store the AI Gateway API writes (collections.ts), in the API's own
// camelCase shapes, so that the gateway and the API never disagree.
import type { Store } from "../shared/store";
import type { Json, JsonObject } from "../shared/validate";
import { str } from "../shared/fields";
import { rfc3339 } from "../shared/ids";
import {
  AIGW_KINDS,
  accessKeyRecByToken,
  aiAccessKeyConfigurations,
  aiProviders,
  customProviderByRef,
  type AiCtx,
} from "./collections";
import type { UsageEventInput } from "../ai-gateway/gateway";

export type { UsageEventInput };

/** `{id, uri}` of whoever made or changed a resource. */
export interface RefWire {
  id: string;
  uri: string;
}

export interface AccessDimensionWire {
  allow?: string[];
}

export interface AccessScopeWire {
  providers?: AccessDimensionWire;
  models?: AccessDimensionWire;
}

export interface RouterStepKeyWire {
  id: string;
  name: string;
  keyRedacted: string;
}

export interface RouterStepWire {
  type: "user" | "ngrok";
  keys?: RouterStepKeyWire[];
  keySelectionStrategy?: "ordered";
}

export interface RouterRuleWire {
  provider?: string;
  model?: string;
  steps: RouterStepWire[];
}

/** The API's AIGatewayAccessKeyConfiguration. */
export interface AccessKeyConfigurationWire {
  id: string;
  uri: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  createdBy: RefWire;
  lastUpdatedBy: RefWire;
  description?: string;
  metadata?: string;
  access?: AccessScopeWire;
  router?: { rules?: RouterRuleWire[] };
}

export interface SupportedApiSurfaceWire {
  format: string;
  surface?: string;
  supportedParams?: { name: string }[];
}

/** The API's AIGatewayProvider (a custom provider). */
export interface CustomProviderWire {
  id: string;
  uri: string;
  providerId: string;
  name: string;
  baseUrl: string;
  metadata?: string;
  createdAt: string;
  updatedAt: string;
  createdBy: RefWire;
  lastUpdatedBy: RefWire;
  supportedApiSurfaces?: SupportedApiSurfaceWire[];
  models?: { id: string; modelId: string }[];
}

export interface AiGatewayDirectory {
  accessKeyByToken(token: string): { id: string; configurationId?: string } | undefined;
  accessKeyConfiguration(id: string): AccessKeyConfigurationWire | undefined;
  providerKey(id: string): { id: string; name: string; provider: string; value: string } | undefined;
  /** By `providerId` or `aigp_` id. */
  customProvider(ref: string): CustomProviderWire | undefined;
  /** Records an attempt (usage list and overview); returns its id. Marks the access key and provider key used. */
  recordUsage(event: UsageEventInput): string;
}

export interface AiGatewayDirectoryOptions {
  /** The AI Gateway API's base URL, which `uri` fields start with. Default https://api.ngrok.ai. */
  base?: string;
  /** The emulator's clock. Default: the system clock. */
  now?: () => number;
}

/** The directory of one emulated account (one store). */
export function aiGatewayDirectory(store: Store, options: AiGatewayDirectoryOptions = {}): AiGatewayDirectory {
  const now = options.now ?? Date.now;
  const ctx = (): AiCtx => ({ base: options.base ?? "https://api.ngrok.ai", store, now: new Date(now()), caller: { id: store.userId, uri: "" } });
  return {
    accessKeyByToken(token) {
      const rec = accessKeyRecByToken(store, token);
      if (rec === undefined) return undefined;
      const configurationId = str(rec.data["accessKeyConfigurationId"]);
      return configurationId === "" ? { id: rec.id } : { id: rec.id, configurationId };
    },
    accessKeyConfiguration(id) {
      const rec = store.get(AIGW_KINDS.configurations, id);
      return rec === undefined ? undefined : (aiAccessKeyConfigurations.shape(rec, ctx()) as unknown as AccessKeyConfigurationWire);
    },
    providerKey(id) {
      const rec = store.get(AIGW_KINDS.providerKeys, id);
      if (rec === undefined) return undefined;
      return { id: rec.id, name: str(rec.data["name"]), provider: str(rec.data["providerId"]), value: str(rec.data["value"]) };
    },
    customProvider(ref) {
      const rec = customProviderByRef(store, ref);
      return rec === undefined ? undefined : (aiProviders.shape(rec, ctx()) as unknown as CustomProviderWire);
    },
    recordUsage(event) {
      const at = new Date(now());
      const id = store.ids.next("aigue");
      const isError = event.isError ?? (event.timedOut === true || event.statusCode >= 400);
      const data: JsonObject = {
        eventTime: event.eventTime ?? rfc3339(at),
        requestId: event.requestId,
        accessKeyId: event.accessKeyId,
        provider: event.provider,
        providerDisplayName: event.providerDisplayName ?? event.provider,
        model: event.model,
        modelDisplayName: event.modelDisplayName ?? event.model,
        attemptNumber: event.attemptNumber,
        isFinalAttempt: event.isFinalAttempt,
        statusCode: event.statusCode,
        timedOut: event.timedOut ?? false,
        isError,
        isStreaming: event.isStreaming ?? false,
        stopReason: event.stopReason ?? "",
        inputTokens: event.inputTokens ?? 0,
        outputTokens: event.outputTokens ?? 0,
        cacheReadTokens: event.cacheReadTokens ?? 0,
        reasoningTokens: event.reasoningTokens ?? 0,
        totalCost: event.totalCost ?? "0.00000",
        keySource: event.keySource,
      };
      if (event.providerKeyId !== undefined) data["providerKeyId"] = event.providerKeyId;
      if (event.providerKeyDisplayName !== undefined) data["providerKeyDisplayName"] = event.providerKeyDisplayName;
      store.collection(AIGW_KINDS.usage).set(id, { id, created_at: rfc3339(at), data, modules: {} });
      const used = (kind: string, keyId: string | undefined): void => {
        const rec = keyId === undefined ? undefined : store.get(kind, keyId);
        if (rec !== undefined) rec.data["lastUsed"] = rfc3339(at) as Json;
      };
      used(AIGW_KINDS.accessKeys, event.accessKeyId);
      used(AIGW_KINDS.providerKeys, event.providerKeyId);
      store.save();
      return id;
    },
  };
}

// The emulated account as the AI gateway reads it: the AI Gateway API's directory (directory.ts),
// plus what routing needs beyond it, read from the same store: the account's provider keys of a
// provider (a key with no configuration uses them), the timeouts and token caps of the gateway
// configuration, and the credit balance.
import type { Store } from "../shared/store";
import { str } from "../shared/fields";
import { AIGW_KINDS, GATEWAY_CONFIG_DEFAULTS, goDurationMs, setCreditBalanceCents } from "./collections";
import type { AiGatewayDirectory } from "./directory";
import type { AiGatewayOptions, GatewayDirectory } from "../ai-gateway/gateway";
import type { ProviderKeyRecord } from "../ai-gateway/router";

function accountGatewayDirectory(store: Store, directory: AiGatewayDirectory): GatewayDirectory {
  return {
    accessKeyByToken: (token) => directory.accessKeyByToken(token),
    accessKeyConfiguration: (id) => directory.accessKeyConfiguration(id),
    providerKey: (id) => directory.providerKey(id),
    customProvider: (ref) => directory.customProvider(ref),
    providerKeysFor: (provider) =>
      store
        .all(AIGW_KINDS.providerKeys)
        .filter((rec) => str(rec.data["providerId"]) === provider)
        .flatMap((rec): ProviderKeyRecord[] => {
          const key = directory.providerKey(rec.id);
          return key === undefined ? [] : [key];
        }),
    recordUsage: (event) => directory.recordUsage(event),
  };
}

/** The gateway configuration's perRequestTimeout or totalTimeout, in ms. */
function gatewayTimeoutMs(store: Store, field: "perRequestTimeout" | "totalTimeout"): number {
  const data = store.get(AIGW_KINDS.gatewayConfig, "gateway-config")?.data ?? {};
  const text = data[field];
  return goDurationMs(typeof text === "string" ? text : GATEWAY_CONFIG_DEFAULTS[field]) ?? goDurationMs(GATEWAY_CONFIG_DEFAULTS[field])!;
}

/** The gateway configuration's maxInputTokens or maxOutputTokens; undefined: no cap. */
function gatewayTokenCap(store: Store, field: "maxInputTokens" | "maxOutputTokens"): number | undefined {
  const value = store.get(AIGW_KINDS.gatewayConfig, "gateway-config")?.data[field];
  return typeof value === "number" ? value : undefined;
}

/** What the AI gateway reads of the account: its directory, the gateway configuration's timeouts and token caps, and the credit balance. */
export function aiGatewayAccount(
  store: Store,
  directory: AiGatewayDirectory,
): Pick<AiGatewayOptions, "directory" | "perRequestTimeoutMs" | "totalTimeoutMs" | "maxInputTokens" | "maxOutputTokens" | "creditBalanceCents"> {
  return {
    directory: accountGatewayDirectory(store, directory),
    perRequestTimeoutMs: () => gatewayTimeoutMs(store, "perRequestTimeout"),
    totalTimeoutMs: () => gatewayTimeoutMs(store, "totalTimeout"),
    maxInputTokens: () => gatewayTokenCap(store, "maxInputTokens"),
    maxOutputTokens: () => gatewayTokenCap(store, "maxOutputTokens"),
    creditBalanceCents: () => setCreditBalanceCents(store),
  };
}

import type { BoundDefinition } from "../contract";

/** ngrok's defaults (https://ngrok.com/docs/ai-gateway/guides/account-settings): what a delete writes back. */
const defaults = { totalTimeout: "120s", perRequestTimeout: "60s", maxInputTokens: null, maxOutputTokens: null, metadata: null } as const;

/** A Go duration, as the API takes it: `30s`, `2m`, `1m30s`. */
const goDuration = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/;

export const aiGatewayConfig: BoundDefinition = {
  name: "AiGatewayConfig",
  description:
    "The account's AI Gateway configuration (one per account, AI Gateway API `/gateway-config`): timeouts and token caps for every request " +
    "through the AI Gateway. A create writes the program's settings (ngrok's defaults for those it leaves out); a delete restores ngrok's " +
    "defaults (120s in total, 60s per attempt, no token caps, no metadata).",
  binding: { kind: "singleton", api: "ai-gateway", path: "/gateway-config", id: "gateway-config", reset: defaults },
  properties: {
    totalTimeout: {
      type: { kind: "string", refine: (z) => z.string().regex(goDuration, { message: "must be a Go duration such as 30s or 2m" }) },
      description: "The longest a request may take, failovers included: a Go duration (default `120s`). Changed in place.",
      input: { api: "totalTimeout", onChange: "update", unset: "clear", default: defaults.totalTimeout },
    },
    perRequestTimeout: {
      type: { kind: "string", refine: (z) => z.string().regex(goDuration, { message: "must be a Go duration such as 30s or 2m" }) },
      description: "The longest one upstream attempt may take before the next candidate is tried: a Go duration (default `60s`). Changed in place.",
      input: { api: "perRequestTimeout", onChange: "update", unset: "clear", default: defaults.perRequestTimeout },
    },
    maxInputTokens: {
      type: { kind: "integer", min: 0 },
      description: "Requests estimated above this many input tokens are refused; absent: no cap. Changed in place.",
      input: { api: "maxInputTokens", onChange: "update", unset: "clear" },
    },
    maxOutputTokens: {
      type: { kind: "integer", min: 0 },
      description: "Completions are capped at this many tokens; absent: no cap. Changed in place.",
      input: { api: "maxOutputTokens", onChange: "update", unset: "clear" },
    },
    metadata: {
      type: { kind: "string", maxChars: 4096 },
      description: "Arbitrary user-defined data. Optional, at most 4096 characters.",
      input: { api: "metadata", onChange: "update", unset: "clear" },
    },
    accountId: { type: { kind: "string" }, api: "accountId", description: "The account the configuration belongs to." },
    uri: { type: { kind: "string" }, api: "uri", present: true, lookupOnly: true, description: "The address of the configuration in the AI Gateway API." },
  },
  example: `// One per account: a second AiGatewayConfig in this program is refused; one in another stack would fight this one.
const settings = new ngrok.AiGatewayConfig("settings", { totalTimeout: "90s", perRequestTimeout: "30s", maxOutputTokens: 8192 });`,
};

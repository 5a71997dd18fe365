/**
 * The AI Gateway API's read-only views (https://api.ngrok.ai): usage events, the usage overview
 * and the credit balance, read with that API's client (its own key and pacing).
 */
import type { ApiObject, NestedProperty, ObjectType, Props, TypeSpec } from "../contract";
import { fromApiValue } from "../engine/values";
import type { FunctionDefinition, FunctionParameter } from "./types";

const str: TypeSpec = { kind: "string" };
const int: TypeSpec = { kind: "integer" };
const bool: TypeSpec = { kind: "boolean" };
const f = (type: TypeSpec, description: string, present = true): NestedProperty => ({ api: "", type, description, ...(present ? { present: true } : {}) });

/** camelCase fields whose API name is their own. */
function camel(name: string, description: string, properties: Record<string, NestedProperty>): ObjectType {
  return { kind: "object", name, description, properties: Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, { ...p, api: k }])) };
}

export const aiUsageEventType = camel("AiUsageEvent", "One upstream attempt through the AI Gateway.", {
  id: f(str, "The attempt's id."),
  eventTime: f(str, "When the attempt completed (RFC 3339)."),
  requestId: f(str, "The client request the attempt belongs to."),
  accessKeyId: f(str, "The access key that made the request."),
  provider: f(str, "The provider, e.g. `openai`."),
  providerDisplayName: f(str, "The provider's name."),
  model: f(str, "The model, e.g. `gpt-4o-mini`."),
  modelDisplayName: f(str, "The model's name."),
  attemptNumber: f(int, "The attempt's place in the retry chain, from 1."),
  isFinalAttempt: f(bool, "Whether it was the request's last attempt."),
  statusCode: f(int, "The upstream's HTTP status."),
  timedOut: f(bool, "Whether the attempt timed out."),
  isError: f(bool, "Whether the attempt failed (timed out or 4xx/5xx)."),
  isStreaming: f(bool, "Whether the answer was streamed."),
  stopReason: f(str, "The provider's finish reason."),
  inputTokens: f(int, "Input tokens the provider reported."),
  outputTokens: f(int, "Output tokens the provider reported."),
  cacheReadTokens: f(int, "Tokens read from the provider's cache."),
  reasoningTokens: f(int, "Reasoning tokens the provider reported."),
  totalCost: f(str, "The cost in US dollars, a decimal string."),
  keySource: f(str, "`ngrok` for ngrok.ai inference, `user` for the account's provider keys."),
  providerKeyId: f(str, "The provider key used, when `keySource` is `user`.", false),
  providerKeyDisplayName: f(str, "That key's redacted form.", false),
});

const bucketType = camel("AiUsageOverviewBucket", "One day's usage of one provider or access key.", {
  bucketStart: f(str, "The UTC day's start (RFC 3339)."),
  groupKey: f(str, "The provider or access key id, as `groupBy` says."),
  cost: f(str, "The cost in US dollars, a decimal string."),
  requests: f(int, "Requests (final attempts)."),
  errors: f(int, "Failed requests (final attempts)."),
});

const totalsType = camel("AiUsageOverviewTotals", "The window's totals.", {
  cost: f(str, "The cost in US dollars, a decimal string."),
  requests: f(int, "Requests (final attempts)."),
  errors: f(int, "Failed requests (final attempts)."),
});

const window: Record<string, FunctionParameter> = {
  startTime: { type: str, required: true, description: "The window's start, an RFC 3339 timestamp (inclusive)." },
  endTime: { type: str, description: "The window's end, an RFC 3339 timestamp (default: now)." },
};

function query(args: Props, names: readonly string[]): string {
  const q = new URLSearchParams();
  for (const n of names) if (args[n] !== undefined && args[n] !== null) q.set(n, String(args[n]));
  return q.toString();
}

export const getAiUsage: FunctionDefinition = {
  name: "getAiUsage",
  kind: "lookup",
  description:
    "Lists the AI Gateway's usage events in a time window (AI Gateway API `/usage`), every page, newest first: each request's final attempt, " +
    "and its retries with `includeRetries`.",
  inputs: {
    ...window,
    accessKeyId: { type: str, description: "Only the requests of this access key (`aigk_...`)." },
    includeRetries: { type: bool, description: "Also the attempts before each request's last (default false)." },
  },
  outputs: { events: { type: { kind: "array", items: aiUsageEventType }, present: true, description: "The attempts, newest first." } },
  example: `const usage = ngrok.getAiUsageOutput({ startTime: "2026-06-01T00:00:00Z", accessKeyId: app.id });
export const attempts = usage.events.apply((es) => es.length);`,
  async run(ctx, args) {
    const events: unknown[] = [];
    for await (const e of ctx.aiGatewayClient().list<ApiObject>(`/usage?${query(args, ["startTime", "endTime", "accessKeyId", "includeRetries"])}`, "aiGatewayUsage")) {
      events.push(fromApiValue(aiUsageEventType, e));
    }
    return { events };
  },
};

export const getAiUsageOverview: FunctionDefinition = {
  name: "getAiUsageOverview",
  kind: "lookup",
  description: "The AI Gateway's daily cost, requests and errors in a time window, by provider or by access key, and the window's totals (AI Gateway API `/usage/overview`).",
  inputs: {
    ...window,
    groupBy: { type: { kind: "string", enum: ["provider", "accessKey"] }, description: "What the days are broken down by: `provider` (the default) or `accessKey`." },
  },
  outputs: {
    buckets: { type: { kind: "array", items: bucketType }, present: true, description: "The days, by day then group key." },
    totals: { type: totalsType, present: true, description: "The window's totals." },
  },
  example: `const overview = await ngrok.getAiUsageOverview({ startTime: "2026-06-01T00:00:00Z", groupBy: "accessKey" });
pulumi.log.info(\`spent \${overview.totals.cost} USD\`);`,
  async run(ctx, args) {
    const api = await ctx.aiGatewayClient().get<ApiObject>(`/usage/overview?${query(args, ["startTime", "endTime", "groupBy"])}`);
    const buckets = Array.isArray(api.buckets) ? api.buckets.map((b) => fromApiValue(bucketType, b)) : [];
    return { buckets, totals: fromApiValue(totalsType, api.totals) ?? { cost: "0", requests: 0, errors: 0 } };
  },
};

export const getAiCreditBalance: FunctionDefinition = {
  name: "getAiCreditBalance",
  kind: "lookup",
  description: "The account's AI Gateway credit balance (AI Gateway API `/credits/balance`), eventually consistent with usage.",
  inputs: {},
  outputs: { balanceCents: { type: int, present: true, description: "The balance in US cents." } },
  example: `const credits = await ngrok.getAiCreditBalance();
if (credits.balanceCents < 500) pulumi.log.warn("AI Gateway credits are low");`,
  async run(ctx) {
    const api = await ctx.aiGatewayClient().get<ApiObject>("/credits/balance");
    return { balanceCents: typeof api.balanceCents === "number" ? api.balanceCents : 0 };
  },
};

/** The wire strategy of each kind of binding. */
import { ItemsWire } from "./items";
import { MembersWire } from "./members";
import { SlotWire } from "./edges/slot";
import { SingletonWire } from "./singleton";
import type { Wire, WireContext } from "./wire";
import type { ApiClient } from "../../client/http";
import type { BoundDefinition, KindContext } from "../../contract";

export type { Wire, WireContext } from "./wire";

/**
 * The client a kind's work goes through: the AI Gateway API's for a binding that says so (its own
 * key, base URL and pacing), the ngrok API's otherwise; and the read that checks that client's key.
 */
export function apiOf(def: BoundDefinition, ctx: Pick<KindContext, "client" | "aiGatewayClient">): { client: () => ApiClient; keyProbe: string } {
  return def.binding.api === "ai-gateway"
    ? { client: ctx.aiGatewayClient, keyProbe: "/gateway-config" }
    : { client: ctx.client, keyProbe: "/tunnel_sessions?limit=1" };
}

export function wireFor(ctx: WireContext): Wire {
  const binding = ctx.def.binding;
  switch (binding.kind) {
    case "collection":
      return binding.members ? new MembersWire(ctx, new ItemsWire(ctx, binding), binding.members) : new ItemsWire(ctx, binding);
    case "sub-collection":
      return new ItemsWire(ctx, binding);
    case "slot":
      return new SlotWire(ctx, binding);
    case "singleton":
      return new SingletonWire(ctx, binding);
  }
}

/** Event types of subscriptions and sources: `<resource>_<action>.v0`, e.g. `ip_policy_created.v0`. */
import type { z } from "zod";

export const eventTypePattern = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*_[a-z]+\.v0$/;

export function eventType(zod: typeof z): z.ZodType<string, string> {
  return zod.string().refine((t) => eventTypePattern.test(t), {
    message: "is not an event type: expected `<resource>_<action>.v0`, such as `ip_policy_created.v0`",
  });
}

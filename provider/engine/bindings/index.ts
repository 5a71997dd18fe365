/** The wire strategy of each kind of binding. */
import { ItemsWire } from "./items";
import { SlotWire } from "./edges/slot";
import { SingletonWire } from "./singleton";
import type { Wire, WireContext } from "./wire";

export type { Wire, WireContext } from "./wire";

export function wireFor(ctx: WireContext): Wire {
  const binding = ctx.def.binding;
  switch (binding.kind) {
    case "collection":
    case "sub-collection":
      return new ItemsWire(ctx, binding);
    case "slot":
      return new SlotWire(ctx, binding);
    case "singleton":
      return new SingletonWire(ctx, binding);
  }
}

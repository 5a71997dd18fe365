/**
 * Valid inputs of every resource kind, distinct for each `n`, for tests that run a table over the
 * definitions against the emulator. A kind with a parent (an event source's subscription) makes
 * it through the API. A new resource kind needs a row here: `missingKinds` names kinds without one.
 */
import type { Emulator } from "../../emulator";
import { definitions, type ResourceKind } from "../../provider";
import type { Props } from "../../provider/definitions/types";
import { call } from "./api";

export type InputsOf = (emu: Emulator, n: number) => Promise<Props>;

export const validInputs: Record<ResourceKind, InputsOf> = {
  Credential: async (_emu, n) => ({ description: `agent ${n}`, metadata: `{"n":${n}}`, acl: [`bind:n${n}.example.com`, "bind:env=ci"] }),
  ReservedDomain: async (_emu, n) => ({ domain: `app-${n}.example.com`, description: `app ${n}` }),
  EventSource: async (emu, n) => {
    const subscription = await call(emu, "POST", "/event_subscriptions", { description: `subscription ${n}` });
    if (subscription.status !== 201) throw new Error(`event subscription: HTTP ${subscription.status} ${subscription.text}`);
    return { subscriptionId: subscription.json.id as string, type: `thing${n}_created.v0` };
  },
};

/** Kinds of the provider without a row in `validInputs`. */
export function missingKinds(): string[] {
  return Object.keys(definitions).filter((k) => !(k in validInputs));
}

/** The emulator collection (`Emulator.resources`) holding a definition's resources: its path without the leading "/". */
export function collectionOf(kind: ResourceKind): string {
  return definitions[kind].path.replace(/^\//, "");
}

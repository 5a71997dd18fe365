// The catalogue of Traffic Policy actions, as ngrok's action reference documents them
// (https://ngrok.com/docs/traffic-policy/actions/): each action's file holds its type, its phases,
// its config schema (ngrok's defaults and limits, which check.ts enforces) and its run logic.
// Action result variables are written to `actions.ngrok.<name>` as the docs list them; they hold
// the last run of each action. Adding an action: its file, and its line in catalogue.ts.
import type { ActionImpl } from "./common";
import * as catalogue from "./catalogue";

export type { ActionContext, ActionImpl, ActionOutcome, Exchange, HttpMessage, OutboundRequest, TlsTermination } from "./common";
export { ConfigError, NotEmulated } from "./common";
/** The action the API's AI gateway API keys require of their endpoint's policy. */
export { aiGateway } from "./catalogue";

/** Each action by its type, the name ngrok's pages give it. */
export const ACTIONS: Readonly<Record<string, ActionImpl>> = byType(Object.values(catalogue as Record<string, ActionImpl>));

function byType(actions: readonly ActionImpl[]): Record<string, ActionImpl> {
  const out: Record<string, ActionImpl> = {};
  for (const a of [...actions].sort((x, y) => x.type.localeCompare(y.type))) {
    if (out[a.type] !== undefined) throw new Error(`two actions in the catalogue have the type ${a.type}`);
    out[a.type] = a;
  }
  return out;
}

/**
 * The implementation entry point that serialised stubs `require("pulumi-ngrok/provider")` at
 * call time. Stacks keep old stubs in their state, so `configure` and `dispatch` are a permanent
 * API: change their signatures only compatibly.
 */
// First: on a Node.js older than package.json's `engines.node`, fail in words, not in undici.
import "./node-version";
import { configure as configureSettings, currentClient, readFromLists } from "./config";
import { definitions, isResourceKind, type ResourceKind } from "./definitions";
import { ResourceHandler } from "./engine/handler";
import { AgentCommandHandler, agentCommandKind } from "./agent/resource";

export type { ResourceKind } from "./definitions";
export { definitions } from "./definitions";
export { ResourceHandler } from "./engine/handler";
export { ApiClient, type ClientOptions } from "./client/http";
export { ApiError, TransportError, MissingApiKeyError } from "./client/errors";
export { AgentCommandError, type AgentCommandRefusal } from "./agent/errors";
export { AgentCommandHandler } from "./agent/resource";

/** One handler per kind, as one provider process holds them (they share reads of their kind). */
export function createHandlers(): Record<ResourceKind, ResourceHandler> {
  return Object.fromEntries(
    Object.entries(definitions).map(([kind, def]) => [kind, new ResourceHandler(def, currentClient, { readFromLists })]),
  ) as Record<ResourceKind, ResourceHandler>;
}

const handlers = createHandlers();

/** Hands the stack's config to the provider (called once per stub by the dynamic-provider host). */
export function configure(get: (key: string) => string | undefined): void {
  configureSettings(get);
}

const agentCommand = new AgentCommandHandler(currentClient);

/** The operations of a resource kind. */
export function dispatch(kind: string): ResourceHandler | AgentCommandHandler {
  if (kind === agentCommandKind) return agentCommand;
  if (!isResourceKind(kind)) {
    throw new Error(`this version of pulumi-ngrok does not know the resource kind "${kind}"; upgrade the package`);
  }
  return handlers[kind];
}

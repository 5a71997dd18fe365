/**
 * The implementation entry point that serialised stubs `require("pulumi-ngrok/provider")` at
 * call time. Stacks keep the stubs of earlier versions in their state, so `call`, `configure` and
 * `dispatch` are a permanent API: change their signatures only compatibly.
 */
// First: on a Node.js older than package.json's `engines.node`, fail in words, not in undici.
import "./node-version";
import { configure as configureSettings, currentClient, readFromLists } from "./config";
import { definitions, isResourceKind, type ResourceKind } from "./definitions";
import { ResourceHandler } from "./engine/handler";
import { ProgramState } from "./engine/ownership";
import { AgentCommandHandler, agentCommandKind } from "./agent/resource";
import { quietHostEchoes } from "./host-echo";

quietHostEchoes();

export type { ResourceKind } from "./definitions";
export { definitions } from "./definitions";
export { ResourceHandler } from "./engine/handler";
export type { ClientOptions } from "./client/http";
export { ApiError, TransportError, MissingApiKeyError } from "./client/errors";
export { AgentCommandError, type AgentCommandRefusal } from "./agent/errors";
export { AgentCommandHandler } from "./agent/resource";
export { LostCreateError } from "./engine/recover";
export { ProgramState } from "./engine/ownership";

// Every engine command starts a dynamic-provider host that loads this module at its first call,
// so the module loads only what a call uses: the HTTP client (undici) at the first API call, zod
// at the first check; a diff needs neither (test/provider/startup.test.ts guards it).
export type ApiClient = import("./client/http").ApiClient;
export declare const ApiClient: typeof import("./client/http").ApiClient;
Object.defineProperty(exports, "ApiClient", {
  enumerable: true,
  get: () => (require("./client/http") as typeof import("./client/http")).ApiClient,
});

/**
 * One handler per kind, as one provider process holds them: they share what the process learns
 * of the program (slot claims, the inputs each resource's program sets).
 */
export function createHandlers(state: ProgramState = new ProgramState()): Record<ResourceKind, ResourceHandler> {
  return Object.fromEntries(
    Object.keys(definitions).map((kind) => [kind, newHandler(kind as ResourceKind, state)]),
  ) as Record<ResourceKind, ResourceHandler>;
}

function newHandler(kind: ResourceKind, state: ProgramState): ResourceHandler {
  return new ResourceHandler(definitions[kind], currentClient, { readFromLists, state });
}

/** What this process knows of the program it serves, and its handlers, made on first use. */
const programState = new ProgramState();
const handlers: Partial<Record<ResourceKind, ResourceHandler>> = {};

/** Hands the stack's config to the provider (called once per stub by the dynamic-provider host). */
export function configure(get: (key: string) => string | undefined): void {
  configureSettings(get);
}

let agentCommand: AgentCommandHandler | undefined;

/** The operations of a resource kind. */
export function dispatch(kind: string): ResourceHandler | AgentCommandHandler {
  if (kind === agentCommandKind) return (agentCommand ??= new AgentCommandHandler(currentClient));
  if (!isResourceKind(kind)) {
    throw new Error(`this version of pulumi-ngrok does not know the resource kind "${kind}"; upgrade the package`);
  }
  return (handlers[kind] ??= newHandler(kind, programState));
}

/** The host's request to `configure`, as much of it as the provider reads. */
interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

/**
 * What a stub calls for each method the dynamic-provider host calls on it, with the host's
 * arguments: `configure` hands over the stack's config, any other method runs on the kind's
 * operations.
 */
export async function call(kind: string, method: string, args: unknown[]): Promise<unknown> {
  if (method === "configure") {
    const [req] = args as [ConfigureRequest];
    return configure((key) => req.config.get(key));
  }
  const operations = dispatch(kind) as unknown as Record<string, unknown>;
  const operation = operations[method];
  if (typeof operation !== "function") throw new Error(`this version of pulumi-ngrok has no operation "${method}"; upgrade the package`);
  return (operation as (...a: unknown[]) => unknown).apply(operations, args);
}

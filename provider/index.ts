/**
 * `pulumi-ngrok/provider`: what the serialised stubs `require` at call time (the dynamic host's
 * permanent API: `call`, `configure`, `dispatch`), and the provider core for other hosts and
 * tests. Loading it does nothing but the Node.js version check.
 */
// First: on a Node.js older than package.json's `engines.node`, fail in words, not in undici.
import "./node-version";

export { call, configure, dispatch, type DynamicOperations } from "./hosts/dynamic";

export {
  Provider,
  ArgumentError,
  ImportIdError,
  SettingsError,
  UnknownFunctionError,
  UnknownKindError,
  UnsupportedError,
  isExplained,
  readSettings,
  settingSources,
  silentEvents,
  type CheckFailure,
  type CheckResult,
  type CreateResult,
  type DiffResult,
  type EventSink,
  type Handler,
  type Imported,
  type KindContext,
  type PreparedInputs,
  type ProviderOptions,
  type ReadResult,
  type Settings,
  type UpdateResult,
} from "./core";
export { definitions, isBoundKind, isResourceKind, type BoundKind, type ResourceKind } from "./definitions";
export { ResourceHandler } from "./engine/handler";
export { ProgramState } from "./engine/ownership";
export { LostCreateError } from "./engine/recover";
export type { ClientOptions } from "./client/http";
export { ApiError, TransportError, MissingApiKeyError } from "./client/errors";
export { AgentCommandError, type AgentCommandRefusal } from "./agent/errors";

// Every engine command starts a dynamic-provider host that loads this module at its first call,
// so the module loads only what a call uses: the HTTP client (undici) at the first API call, zod
// at the first check; a diff needs neither (test/provider/hosts/startup.test.ts guards it).
export type ApiClient = import("./client/http").ApiClient;
export declare const ApiClient: typeof import("./client/http").ApiClient;
Object.defineProperty(exports, "ApiClient", {
  enumerable: true,
  get: () => (require("./client/http") as typeof import("./client/http")).ApiClient,
});

/**
 * The provider's contract: what a resource kind is (its schema and binding), what every kind
 * answers (the Handler and its results), what it is given (its context), and the settings and
 * events a provider is built from. It imports nothing of the engine, the kinds or the hosts, which
 * all build on it.
 */
export type * from "./schema";
export type * from "./binding";
export type * from "./handler";
export { silentEvents, type EventSink } from "./events";
export * from "./settings";

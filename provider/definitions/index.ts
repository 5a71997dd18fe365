/** Every resource the provider manages, by name: the typed dispatch map's source. */
import { credential } from "./credential";
import { eventDestination } from "./event-destination";
import { eventSource } from "./event-source";
import { eventSubscription } from "./event-subscription";
import { reservedDomain } from "./reserved-domain";
import type { ResourceDefinition } from "./types";

export const definitions = {
  Credential: credential,
  EventDestination: eventDestination,
  EventSource: eventSource,
  EventSubscription: eventSubscription,
  ReservedDomain: reservedDomain,
} as const satisfies Record<string, ResourceDefinition>;

export type ResourceKind = keyof typeof definitions;

export function isResourceKind(kind: string): kind is ResourceKind {
  return Object.prototype.hasOwnProperty.call(definitions, kind);
}

export type { ResourceDefinition } from "./types";

/** Every function of the package, by name: what the SDK, schema.json and the docs are generated from. */
import { restartAgent, stopAgent, updateAgent } from "./agent";
import { getEndpoint, getEndpoints, getTunnel, getTunnelSession, getTunnelSessions, getTunnels } from "./live";
import type { FunctionDefinition } from "./types";

export const functions = {
  getTunnelSession,
  getTunnelSessions,
  getTunnel,
  getTunnels,
  getEndpoint,
  getEndpoints,
  restartAgent,
  stopAgent,
  updateAgent,
} as const satisfies Record<string, FunctionDefinition>;

export type FunctionName = keyof typeof functions;

export type { FunctionDefinition } from "./types";

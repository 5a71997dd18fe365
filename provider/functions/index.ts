/** Every function of the package, by name: what the SDK, schema.json and the docs are generated from. */
import { restartAgent, stopAgent, updateAgent } from "./agent";
import { getAiCreditBalance, getAiUsage, getAiUsageOverview } from "./ai-gateway";
import { getApplicationSession, getApplicationSessions, getApplicationUser, getApplicationUsers } from "./applications";
import { getKubernetesOperator, getKubernetesOperatorBoundEndpoints, getKubernetesOperators } from "./kubernetes";
import { getEndpoint, getEndpoints, getTunnel, getTunnelSession, getTunnelSessions, getTunnels } from "./live";
import { resourceLookups } from "./lookups";
import { getPrivateEndpoint, getPrivateEndpoints } from "./private-endpoints";
import type { FunctionDefinition } from "./types";

/** The functions defined by hand: live state, private endpoints, Kubernetes operators, Traffic Identities and agent commands. */
export const ownFunctions = {
  getTunnelSession,
  getTunnelSessions,
  getTunnel,
  getTunnels,
  getEndpoint,
  getEndpoints,
  getPrivateEndpoint,
  getPrivateEndpoints,
  getKubernetesOperator,
  getKubernetesOperators,
  getKubernetesOperatorBoundEndpoints,
  getApplicationUser,
  getApplicationUsers,
  getApplicationSession,
  getApplicationSessions,
  restartAgent,
  stopAgent,
  updateAgent,
  getAiUsage,
  getAiUsageOverview,
  getAiCreditBalance,
} as const satisfies Record<string, FunctionDefinition>;

/** The live-state functions, the agent commands and a lookup for every resource kind (`getVault`, ...). */
export const functions: Readonly<Record<string, FunctionDefinition>> = withLookups(ownFunctions);

function withLookups(own: Record<string, FunctionDefinition>): Record<string, FunctionDefinition> {
  const lookups = resourceLookups();
  for (const name of Object.keys(lookups)) {
    if (name in own) throw new Error(`the lookup ${name} has the name of another function: rename the resource kind`);
  }
  return { ...own, ...lookups };
}

export type FunctionName = string;

export type { FunctionDefinition } from "./types";

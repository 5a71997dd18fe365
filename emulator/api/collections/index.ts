// Every collection the emulator serves, one file per area of the API. The rules are the
// service's (the API reference, https://ngrok.com/docs/api, and ngrok's official clients),
// written independently of provider/.
import type { CollectionDef } from "../collection";
import { aiGatewayApiKeys, aiGatewayProviderKeys } from "./ai-gateway-keys";
import { failoverBackends, httpResponseBackends, tunnelGroupBackends } from "../edges/backends";
import { applicationSessions, applicationUsers } from "./applications";
import { certificateAuthorities, tlsCertificates } from "./certificates";
import { credentials, sshCredentials } from "./credentials";
import { agentIngresses, reservedDomains } from "./domains";
import { httpsEdgeRoutes, httpsEdges, tlsEdges } from "../edges/edges";
import { cloudEndpoints } from "./endpoints";
import { eventDestinations, eventSubscriptions } from "./events";
import { ipPolicies, ipPolicyRules, ipRestrictions } from "./ip-policies";
import { kubernetesOperators } from "./kubernetes";
import { reservedAddrs } from "./addresses";
import { sshCertificateAuthorities, sshHostCertificates, sshUserCertificates } from "./ssh";
import { apiKeys, botUsers, serviceUsers } from "./users";
import { vaults, vaultSecrets } from "./vaults";

export { recordSignIn } from "./applications";
export { credentialExists } from "./credentials";
export { apiKeyOwner } from "./users";

/** In the order the routes are matched. */
export const COLLECTIONS: readonly CollectionDef[] = [
  credentials,
  sshCredentials,
  reservedDomains,
  agentIngresses,
  httpResponseBackends,
  failoverBackends,
  tunnelGroupBackends,
  ipPolicies,
  ipPolicyRules,
  ipRestrictions,
  certificateAuthorities,
  tlsCertificates,
  eventDestinations,
  eventSubscriptions,
  httpsEdges,
  httpsEdgeRoutes,
  tlsEdges,
  cloudEndpoints,
  vaults,
  vaultSecrets,
  serviceUsers,
  botUsers,
  apiKeys,
  aiGatewayApiKeys,
  aiGatewayProviderKeys,
  reservedAddrs,
  sshCertificateAuthorities,
  sshHostCertificates,
  sshUserCertificates,
  kubernetesOperators,
  applicationUsers,
  applicationSessions,
];

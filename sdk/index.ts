// Generated from provider/definitions by `make generate`. Do not edit.
export { Credential, type CredentialArgs } from "./credential";
export { ReservedDomain, type ReservedDomainArgs } from "./reserved-domain";
export { getTunnelSession, getTunnelSessionOutput, type GetTunnelSessionArgs, type GetTunnelSessionOutputArgs, type GetTunnelSessionResult } from "./get-tunnel-session";
export { getTunnelSessions, getTunnelSessionsOutput, type GetTunnelSessionsArgs, type GetTunnelSessionsOutputArgs, type GetTunnelSessionsResult } from "./get-tunnel-sessions";
export { getTunnel, getTunnelOutput, type GetTunnelArgs, type GetTunnelOutputArgs, type GetTunnelResult } from "./get-tunnel";
export { getTunnels, getTunnelsOutput, type GetTunnelsArgs, type GetTunnelsOutputArgs, type GetTunnelsResult } from "./get-tunnels";
export { getEndpoint, getEndpointOutput, type GetEndpointArgs, type GetEndpointOutputArgs, type GetEndpointResult } from "./get-endpoint";
export { getEndpoints, getEndpointsOutput, type GetEndpointsArgs, type GetEndpointsOutputArgs, type GetEndpointsResult } from "./get-endpoints";
export { restartAgent, type RestartAgentOptions, type RestartAgentResult } from "./restart-agent";
export { stopAgent, type StopAgentOptions, type StopAgentResult } from "./stop-agent";
export { updateAgent, type UpdateAgentResult } from "./update-agent";
export { AgentCommand, type AgentCommandArgs } from "./agent-command";
export { AgentCommandError, type AgentCommandRefusal } from "../provider/agent/errors";
export { ApiError, TransportError, MissingApiKeyError } from "../provider/client/errors";
export type { inputs, outputs } from "./types";

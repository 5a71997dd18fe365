/**
 * Agent commands as plain functions: `restartAgent(sessionId)`, `stopAgent`, `updateAgent`. A
 * refusal by the API is an AgentCommandError whose `reason` a program can switch on. During a
 * preview they do not act: a preview never changes anything.
 */
import { AgentCommands, defaultSettleTimeoutMs, minUpdateWaitMs, sessionIdRule } from "../agent/commands";
import type { StringType, TypeSpec } from "../contract";
import type { FunctionDefinition, FunctionParameter, FunctionResult } from "./types";


const sessionIdType: StringType = { kind: "string", refine: sessionIdRule };
const seconds: TypeSpec = { kind: "integer", min: 0, max: 600 };

const sessionId: FunctionParameter = {
  type: sessionIdType,
  required: true,
  description: "The tunnel session of the agent (`ts_...`), e.g. from `getTunnelSessions`.",
};

const commonOutputs: Record<string, FunctionResult> = {
  sessionId: { type: { kind: "string" }, present: true, description: "The session the command was sent to." },
  performed: {
    type: { kind: "boolean" },
    present: true,
    description: "False during a preview, when the command is not sent (a preview changes nothing).",
  },
};

const refusals =
  "A refusal is an `AgentCommandError` (an `ApiError`, with `status`, `errorCode` and `operationId`) whose `reason` is ";

export const restartAgent: FunctionDefinition = {
  name: "restartAgent",
  kind: "command",
  positional: "sessionId",
  description:
    "Restarts an agent: it replaces its process image and reconnects with a new tunnel session, whose id the result " +
    "gives (the session of the same credential and host that appears after the restart). Not supported on Windows. " +
    refusals +
    "`session-not-found` or `restart-unsupported`.",
  inputs: {
    sessionId,
    reconnectTimeoutSeconds: {
      type: seconds,
      description: `How long to wait for the agent to reconnect (default ${defaultSettleTimeoutMs / 1000}; 0 does not wait).`,
    },
  },
  outputs: {
    ...commonOutputs,
    newSessionId: {
      type: { kind: "string" },
      description: "The session the agent reconnected with; absent when it had not reconnected in time, or during a preview.",
    },
    agentVersion: { type: { kind: "string" }, description: "The version of the reconnected agent." },
  },
  example: `try {
    const { newSessionId } = await ngrok.restartAgent("ts_...");
    pulumi.log.info(\`the agent is back as \${newSessionId}\`);
} catch (err) {
    if (err instanceof ngrok.AgentCommandError && err.reason === "restart-unsupported") {
        pulumi.log.warn("that agent runs on Windows: restart it by hand");
    } else throw err;
}`,
  async run(ctx, args) {
    const id = args.sessionId as string;
    if (ctx.dryRun) return { sessionId: id, performed: false };
    const timeout = typeof args.reconnectTimeoutSeconds === "number" ? args.reconnectTimeoutSeconds * 1000 : defaultSettleTimeoutMs;
    const outcome = await new AgentCommands(ctx.client, ctx.clock).restart(id, timeout);
    return { ...outcome, performed: true };
  },
};

export const stopAgent: FunctionDefinition = {
  name: "stopAgent",
  kind: "command",
  positional: "sessionId",
  description:
    "Stops an agent: it exits, and its session, tunnels and endpoints go offline. " + refusals + "`session-not-found`.",
  inputs: {
    sessionId,
    offlineTimeoutSeconds: {
      type: seconds,
      description: `How long to wait for the session to go offline (default ${defaultSettleTimeoutMs / 1000}; 0 does not wait).`,
    },
  },
  outputs: {
    ...commonOutputs,
    offline: { type: { kind: "boolean" }, present: true, description: "The session was seen offline before the timeout." },
  },
  example: `await ngrok.stopAgent("ts_...");`,
  async run(ctx, args) {
    const id = args.sessionId as string;
    if (ctx.dryRun) return { sessionId: id, performed: false, offline: false };
    const timeout = typeof args.offlineTimeoutSeconds === "number" ? args.offlineTimeoutSeconds * 1000 : defaultSettleTimeoutMs;
    const outcome = await new AgentCommands(ctx.client, ctx.clock).stop(id, timeout);
    return { ...outcome, performed: true };
  },
};

export const updateAgent: FunctionDefinition = {
  name: "updateAgent",
  kind: "command",
  positional: "sessionId",
  description:
    "Starts an agent's update to the newest release of its major version (a new major version is installed by hand). " +
    "The new version runs after a restart, which should wait at least 10 seconds (`restartNotBefore`); the " +
    "`AgentCommand` resource's `update-restart` does both. " +
    refusals +
    "`session-not-found`, `no-update-available`, `updates-disabled`, `already-updating` or `updated-awaiting-restart`.",
  inputs: { sessionId },
  outputs: {
    ...commonOutputs,
    restartNotBefore: {
      type: { kind: "string" },
      description: "When a restart may follow (RFC 3339): 10 seconds after the API accepted the update. Absent during a preview.",
    },
  },
  example: `const { restartNotBefore } = await ngrok.updateAgent("ts_...");`,
  async run(ctx, args) {
    const id = args.sessionId as string;
    if (ctx.dryRun) return { sessionId: id, performed: false };
    const { acceptedAt } = await new AgentCommands(ctx.client, ctx.clock).update(id);
    // Rounded up to the second, as the API writes times.
    const notBefore = Math.ceil((acceptedAt + minUpdateWaitMs) / 1000) * 1000;
    return { sessionId: id, performed: true, restartNotBefore: new Date(notBefore).toISOString().replace(".000Z", "Z") };
  },
};

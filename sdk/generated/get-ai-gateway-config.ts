// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiGatewayConfig}. */
export interface GetAiGatewayConfigArgs {
  /** The AiGatewayConfig's id (`gateway-config`). */
  id: string;
}

/** The arguments of {@link getAiGatewayConfigOutput}: those of {@link getAiGatewayConfig}, as inputs. */
export interface GetAiGatewayConfigOutputArgs {
  /** The AiGatewayConfig's id (`gateway-config`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getAiGatewayConfig}. */
export interface GetAiGatewayConfigResult {
  /** The AiGatewayConfig's id. */
  readonly id: string;
  /** The longest a request may take, failovers included: a Go duration (default `120s`). Changed in place. */
  readonly totalTimeout?: string;
  /** The longest one upstream attempt may take before the next candidate is tried: a Go duration (default `60s`). Changed in place. */
  readonly perRequestTimeout?: string;
  /** Requests estimated above this many input tokens are refused; absent: no cap. Changed in place. */
  readonly maxInputTokens?: number;
  /** Completions are capped at this many tokens; absent: no cap. Changed in place. */
  readonly maxOutputTokens?: number;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  readonly metadata?: string;
  /** The account the configuration belongs to. */
  readonly accountId?: string;
  /** The address of the configuration in the AI Gateway API. */
  readonly uri: string;
}

/**
 * Finds an existing AiGatewayConfig by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getAiGatewayConfigOutput({ id: "gateway-config" });
 * ```
 */
export function getAiGatewayConfig(args: GetAiGatewayConfigArgs, opts?: pulumi.InvokeOptions): Promise<GetAiGatewayConfigResult> {
  return invoke<GetAiGatewayConfigResult>("getAiGatewayConfig", { ...args }, opts);
}

/** The Output form of {@link getAiGatewayConfig}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiGatewayConfigOutput(args: GetAiGatewayConfigOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiGatewayConfigResult> {
  return invokeOutput<GetAiGatewayConfigResult>("getAiGatewayConfig", args, opts);
}

// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiCreditBalance}. */
export interface GetAiCreditBalanceArgs {
}

/** The arguments of {@link getAiCreditBalanceOutput}: those of {@link getAiCreditBalance}, as inputs. */
export interface GetAiCreditBalanceOutputArgs {
}

/** The result of {@link getAiCreditBalance}. */
export interface GetAiCreditBalanceResult {
  /** The balance in US cents. */
  readonly balanceCents: number;
}

/**
 * The account's AI Gateway credit balance (AI Gateway API `/credits/balance`), eventually consistent with usage.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const credits = await ngrok.getAiCreditBalance();
 * if (credits.balanceCents < 500) pulumi.log.warn("AI Gateway credits are low");
 * ```
 */
export function getAiCreditBalance(args?: GetAiCreditBalanceArgs, opts?: pulumi.InvokeOptions): Promise<GetAiCreditBalanceResult> {
  return invoke<GetAiCreditBalanceResult>("getAiCreditBalance", { ...args }, opts);
}

/** The Output form of {@link getAiCreditBalance}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiCreditBalanceOutput(args?: GetAiCreditBalanceOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiCreditBalanceResult> {
  return invokeOutput<GetAiCreditBalanceResult>("getAiCreditBalance", args, opts);
}

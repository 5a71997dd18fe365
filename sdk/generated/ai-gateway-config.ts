// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link AiGatewayConfig}. */
export interface AiGatewayConfigArgs {
  /** The longest a request may take, failovers included: a Go duration (default `120s`). Changed in place. */
  totalTimeout?: pulumi.Input<string>;
  /** The longest one upstream attempt may take before the next candidate is tried: a Go duration (default `60s`). Changed in place. */
  perRequestTimeout?: pulumi.Input<string>;
  /** Requests estimated above this many input tokens are refused; absent: no cap. Changed in place. */
  maxInputTokens?: pulumi.Input<number>;
  /** Completions are capped at this many tokens; absent: no cap. Changed in place. */
  maxOutputTokens?: pulumi.Input<number>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing AiGatewayConfig (`gateway-config`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * The account's AI Gateway configuration (one per account, AI Gateway API `/gateway-config`): timeouts and token caps for every request through the AI Gateway. A create writes the program's settings (ngrok's defaults for those it leaves out); a delete restores ngrok's defaults (120s in total, 60s per attempt, no token caps, no metadata).
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * // One per account: a second AiGatewayConfig in this program is refused; one in another stack would fight this one.
 * const settings = new ngrok.AiGatewayConfig("settings", { totalTimeout: "90s", perRequestTimeout: "30s", maxOutputTokens: 8192 });
 * ```
 */
export class AiGatewayConfig extends NgrokResource {
  /** The longest a request may take, failovers included: a Go duration (default `120s`). Changed in place. */
  declare public readonly totalTimeout: pulumi.Output<string | undefined>;
  /** The longest one upstream attempt may take before the next candidate is tried: a Go duration (default `60s`). Changed in place. */
  declare public readonly perRequestTimeout: pulumi.Output<string | undefined>;
  /** Requests estimated above this many input tokens are refused; absent: no cap. Changed in place. */
  declare public readonly maxInputTokens: pulumi.Output<number | undefined>;
  /** Completions are capped at this many tokens; absent: no cap. Changed in place. */
  declare public readonly maxOutputTokens: pulumi.Output<number | undefined>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The account the configuration belongs to. */
  declare public readonly accountId: pulumi.Output<string | undefined>;

  /** References an existing AiGatewayConfig by its id (`gateway-config`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): AiGatewayConfig {
    return new AiGatewayConfig(name, undefined as unknown as AiGatewayConfigArgs, { ...opts, id });
  }

  constructor(name: string, args: AiGatewayConfigArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        totalTimeout: undefined,
        perRequestTimeout: undefined,
        maxInputTokens: undefined,
        maxOutputTokens: undefined,
        metadata: undefined,
        accountId: undefined,
        "__ngrokResourceName": name,
      },
      args,
    );
    super("AiGatewayConfig", name, props, opts);
  }
}

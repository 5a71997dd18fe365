// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { inputs, outputs } from "./types";

/** The arguments of an {@link EventDestination}. */
export interface EventDestinationArgs {
  /** What the destination is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** How events are serialised; `json`, the only format, is the default. */
  format?: pulumi.Input<"json">;
  /** Where events go: exactly one of `firehose`, `kinesis`, `cloudwatchLogs`, `datadog`, `azureLogsIngestion`, `debug`. Changed in place. Secret. */
  target: pulumi.Input<inputs.EventTarget>;
  /** Adopt an existing EventDestination (`ed_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An event destination: where event subscriptions send events (Amazon Kinesis, Firehose or CloudWatch Logs, Datadog, Azure Monitor, or a debug target). Its whole `target` is a secret: Pulumi marks secrets on top-level properties only, and the target holds credentials (`datadog.apiKey`, `azureLogsIngestion.clientSecret`, `auth.creds.awsSecretAccessKey`). The API never returns those credentials, so the provider keeps the values it last sent: `refresh` shows drift in every other field of the target, not in them.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const destination = new ngrok.EventDestination("audit-log", {
 *     description: "audit events to Datadog",
 *     target: { datadog: { apiKey: process.env.DATADOG_API_KEY, ddsite: "datadoghq.eu", service: "ngrok" } },
 * });
 * ```
 */
export class EventDestination extends NgrokResource {
  /** What the destination is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** How events are serialised; `json`, the only format, is the default. */
  declare public readonly format: pulumi.Output<"json" | undefined>;
  /** Where events go: exactly one of `firehose`, `kinesis`, `cloudwatchLogs`, `datadog`, `azureLogsIngestion`, `debug`. Changed in place. Secret. */
  declare public readonly target: pulumi.Output<outputs.EventTarget>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing EventDestination by its id (`ed_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): EventDestination {
    return new EventDestination(name, undefined as unknown as EventDestinationArgs, { ...opts, id });
  }

  constructor(name: string, args: EventDestinationArgs, opts?: pulumi.CustomResourceOptions) {
    const props: pulumi.Inputs = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        format: undefined,
        target: undefined,
        createdAt: undefined,
      },
      args,
    );
    if (props.target !== undefined) props.target = pulumi.secret(props.target);
    super("EventDestination", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["target"] }));
  }
}

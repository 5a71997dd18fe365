// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getHttpsEdgeRouteWebhookVerification}. */
export interface GetHttpsEdgeRouteWebhookVerificationArgs {
  /** The HttpsEdgeRouteWebhookVerification's id (`<edgeId>/<routeId>`). */
  id: string;
}

/** The arguments of {@link getHttpsEdgeRouteWebhookVerificationOutput}: those of {@link getHttpsEdgeRouteWebhookVerification}, as inputs. */
export interface GetHttpsEdgeRouteWebhookVerificationOutputArgs {
  /** The HttpsEdgeRouteWebhookVerification's id (`<edgeId>/<routeId>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getHttpsEdgeRouteWebhookVerification}. */
export interface GetHttpsEdgeRouteWebhookVerificationResult {
  /** The HttpsEdgeRouteWebhookVerification's id. */
  readonly id: string;
  /** The HTTPS edge (`edghts_...`) of the route. */
  readonly edgeId: string;
  /** The route (`edghtsrt_...`) the module applies to. */
  readonly routeId: string;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  readonly enabled?: boolean;
  /** The webhook provider that sends to this route, such as `github`, `stripe` or `sns`. */
  readonly provider: "aftership" | "airship" | "alchemy" | "autodesk" | "bitbucket" | "bolt" | "box" | "brex" | "buildkite" | "calendly" | "castle" | "chargify" | "circleci" | "clearbit" | "clerk" | "coinbase" | "contentful" | "docusign" | "dropbox" | "facebook_graph_api" | "facebook_messenger" | "frameio" | "github" | "gitlab" | "go1" | "graphcms" | "heroku" | "hostedhooks" | "hubspot" | "instagram" | "intercom" | "jira" | "launch_darkly" | "linear" | "mailchimp" | "mailgun" | "microsoft_teams" | "modern_treasury" | "mongodb" | "mux" | "orb" | "orbit" | "pagerduty" | "pinwheel" | "plivo" | "pusher" | "sendgrid" | "sentry" | "shopify" | "signal_sciences" | "slack" | "sns" | "sonatype" | "square" | "stripe" | "svix" | "terraform" | "tiktok" | "trendmicro_conformity" | "twilio" | "twitter" | "typeform" | "vmware" | "webex" | "whatsapp" | "worldline" | "xero" | "zendesk" | "zoom";
}

/**
 * Finds an existing HttpsEdgeRouteWebhookVerification by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getHttpsEdgeRouteWebhookVerificationOutput({ id: "<edgeId>/<routeId>" });
 * ```
 */
export function getHttpsEdgeRouteWebhookVerification(args: GetHttpsEdgeRouteWebhookVerificationArgs, opts?: pulumi.InvokeOptions): Promise<GetHttpsEdgeRouteWebhookVerificationResult> {
  return invoke<GetHttpsEdgeRouteWebhookVerificationResult>("getHttpsEdgeRouteWebhookVerification", { ...args }, opts);
}

/** The Output form of {@link getHttpsEdgeRouteWebhookVerification}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getHttpsEdgeRouteWebhookVerificationOutput(args: GetHttpsEdgeRouteWebhookVerificationOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetHttpsEdgeRouteWebhookVerificationResult> {
  return invokeOutput<GetHttpsEdgeRouteWebhookVerificationResult>("getHttpsEdgeRouteWebhookVerification", args, opts);
}

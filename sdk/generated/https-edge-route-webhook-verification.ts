// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { HttpsEdgeRoute } from "./https-edge-route";

/** The settings of an {@link HttpsEdgeRouteWebhookVerification}: every argument except where it applies. */
export interface HttpsEdgeRouteWebhookVerificationSettings {
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** The webhook provider that sends to this route, such as `github`, `stripe` or `sns`. */
  provider: pulumi.Input<"aftership" | "airship" | "alchemy" | "autodesk" | "bitbucket" | "bolt" | "box" | "brex" | "buildkite" | "calendly" | "castle" | "chargify" | "circleci" | "clearbit" | "clerk" | "coinbase" | "contentful" | "docusign" | "dropbox" | "facebook_graph_api" | "facebook_messenger" | "frameio" | "github" | "gitlab" | "go1" | "graphcms" | "heroku" | "hostedhooks" | "hubspot" | "instagram" | "intercom" | "jira" | "launch_darkly" | "linear" | "mailchimp" | "mailgun" | "microsoft_teams" | "modern_treasury" | "mongodb" | "mux" | "orb" | "orbit" | "pagerduty" | "pinwheel" | "plivo" | "pusher" | "sendgrid" | "sentry" | "shopify" | "signal_sciences" | "slack" | "sns" | "sonatype" | "square" | "stripe" | "svix" | "terraform" | "tiktok" | "trendmicro_conformity" | "twilio" | "twitter" | "typeform" | "vmware" | "webex" | "whatsapp" | "worldline" | "xero" | "zendesk" | "zoom">;
  /** The secret that validates the provider's requests; required for every provider except `sns`. Kept encrypted in state; never shown in previews, diffs or errors. Secret. */
  secret?: pulumi.Input<string>;
  /** Adopt an existing HttpsEdgeRouteWebhookVerification (`<edgeId>/<routeId>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of an {@link HttpsEdgeRouteWebhookVerification}: its settings, and where it applies: `route` (an HttpsEdgeRoute of the program, which also becomes its default parent) or `edgeId` and `routeId`. */
export type HttpsEdgeRouteWebhookVerificationArgs = HttpsEdgeRouteWebhookVerificationSettings &
  (
    | {
        /** The HttpsEdgeRoute it belongs to: fills `edgeId` and `routeId` from it, and is the resource's `parent` unless `opts` names one. */
        route: HttpsEdgeRoute;
        edgeId?: never;
        routeId?: never;
      }
    | {
        route?: never;
        /** The HTTPS edge (`edghts_...`) of the route. Changing it replaces the resource. */
        edgeId: pulumi.Input<string>;
        /** The route (`edghtsrt_...`) the module applies to. Changing it replaces the resource. */
        routeId: pulumi.Input<string>;
      }
  );

/**
 * Webhook verification of a route: only requests signed by the webhook provider reach the upstream.
 *
 * A module of an HTTPS edge route: one per route, with no id of its own. Its id is `<edgeId>/<routeId>` (the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the route.
 *
 * Give `route` (an HttpsEdgeRoute of the program, which becomes its parent) or `edgeId` and `routeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const verify = new ngrok.HttpsEdgeRouteWebhookVerification("github", {
 *     route,
 *     provider: "github",
 *     secret: config.requireSecret("githubWebhookSecret"),
 * });
 * ```
 */
export class HttpsEdgeRouteWebhookVerification extends NgrokResource {
  /** The HTTPS edge (`edghts_...`) of the route. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** The route (`edghtsrt_...`) the module applies to. Changing it replaces the resource. */
  declare public readonly routeId: pulumi.Output<string>;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** The webhook provider that sends to this route, such as `github`, `stripe` or `sns`. */
  declare public readonly provider: pulumi.Output<"aftership" | "airship" | "alchemy" | "autodesk" | "bitbucket" | "bolt" | "box" | "brex" | "buildkite" | "calendly" | "castle" | "chargify" | "circleci" | "clearbit" | "clerk" | "coinbase" | "contentful" | "docusign" | "dropbox" | "facebook_graph_api" | "facebook_messenger" | "frameio" | "github" | "gitlab" | "go1" | "graphcms" | "heroku" | "hostedhooks" | "hubspot" | "instagram" | "intercom" | "jira" | "launch_darkly" | "linear" | "mailchimp" | "mailgun" | "microsoft_teams" | "modern_treasury" | "mongodb" | "mux" | "orb" | "orbit" | "pagerduty" | "pinwheel" | "plivo" | "pusher" | "sendgrid" | "sentry" | "shopify" | "signal_sciences" | "slack" | "sns" | "sonatype" | "square" | "stripe" | "svix" | "terraform" | "tiktok" | "trendmicro_conformity" | "twilio" | "twitter" | "typeform" | "vmware" | "webex" | "whatsapp" | "worldline" | "xero" | "zendesk" | "zoom">;
  /** The secret that validates the provider's requests; required for every provider except `sns`. Kept encrypted in state; never shown in previews, diffs or errors. Secret. */
  declare public readonly secret: pulumi.Output<string | undefined>;

  /** References an existing HttpsEdgeRouteWebhookVerification by its id (`<edgeId>/<routeId>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): HttpsEdgeRouteWebhookVerification {
    return new HttpsEdgeRouteWebhookVerification(name, undefined as unknown as HttpsEdgeRouteWebhookVerificationArgs, { ...opts, id });
  }

  constructor(name: string, args: HttpsEdgeRouteWebhookVerificationArgs, opts?: pulumi.CustomResourceOptions) {
    // `route` is not an input: it fills edgeId and routeId and is the default parent.
    const { route, ...given } = args ?? ({} as Partial<HttpsEdgeRouteWebhookVerificationArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        routeId: undefined,
        enabled: undefined,
        provider: undefined,
        secret: undefined,
        "__ngrokResourceName": name,
      },
      given,
      route ? { edgeId: route.edgeId, routeId: route.id } : {},
    );
    if (props.secret !== undefined) props.secret = pulumi.secret(props.secret);
    super("HttpsEdgeRouteWebhookVerification", name, props, pulumi.mergeOptions({ ...opts, parent: opts?.parent ?? route }, { additionalSecretOutputs: ["secret"] }));
  }
}

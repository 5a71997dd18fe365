// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { outputs } from "./types";
import type { SharedPolicy, TrafficPolicy, TrafficPolicyInput } from "./policy";
import { preparePolicyInputs } from "./policy";

/** The arguments of a {@link CloudEndpoint}. */
export interface CloudEndpointArgs {
  /** The endpoint's URL: `https://app.example.com`, `tcp://1.tcp.ngrok.io:20000`, `https://api.internal`. Compared as the service stores it (scheme and host lower-cased, default port dropped). Changing it replaces the resource. */
  url: pulumi.Input<string>;
  /** The Traffic Policy: a typed object (`{ onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200 } }] }] }`), or its YAML or JSON text as ngrok's documentation writes it. Its credentials (basic-auth `credentials`, OAuth and OpenID Connect `clientSecret`, webhook `secret`, a TLS `serverPrivateKey`) are kept in `trafficPolicySecrets`; the output is the policy the API holds, in the typed form, without them. */
  trafficPolicy: pulumi.Input<TrafficPolicyInput | string | SharedPolicy>;
  /** Where the endpoint is reachable: `public`, `internal` or `kubernetes`. When unset, the service chooses from the URL (`internal` for a `.internal` host). */
  bindings?: pulumi.Input<pulumi.Input<"public" | "internal" | "kubernetes">[]>;
  /** Whether other endpoints may share the URL, the service balancing traffic among them. Default `false`. */
  poolingEnabled?: pulumi.Input<boolean>;
  /** What the endpoint is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The endpoint's type: `cloud`, the only type the API creates (and the default). Changing it replaces the resource. */
  type?: pulumi.Input<"cloud">;
  /** Adopt an existing CloudEndpoint (`ep_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A cloud endpoint: an ngrok URL served by its Traffic Policy alone, with no agent behind it, which forwards to internal endpoints (`forward-internal`), answers (`custom-response`, `redirect`) or authenticates, limits and rewrites on the way. It replaces HTTPS and TLS edges: edge modules are policy actions, routes are expressions. Its URL's domain must be a reserved domain of the account (a `ReservedDomain` of the program is the usual parent), unless the host ends in `.internal`. The policy is validated at preview (phases, actions, configuration fields, CEL expressions, what the URL's scheme allows); written as an object, YAML or JSON, the same policy is the same, and its credentials are kept encrypted in state.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const domain = new ngrok.ReservedDomain("app", { domain: "app.example.com" });
 * const app = new ngrok.CloudEndpoint("app", {
 *     url: pulumi.interpolate`https://${domain.domain}`,
 *     trafficPolicy: {
 *         onHttpRequest: [
 *             { expressions: ["req.url.path.startsWith('/admin')"], actions: [{ type: "deny", config: { statusCode: 404 } }] },
 *             { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
 *         ],
 *     },
 * }, { parent: domain });
 * ```
 */
export class CloudEndpoint extends NgrokResource {
  /** The endpoint's URL: `https://app.example.com`, `tcp://1.tcp.ngrok.io:20000`, `https://api.internal`. Compared as the service stores it (scheme and host lower-cased, default port dropped). Changing it replaces the resource. */
  declare public readonly url: pulumi.Output<string>;
  /** The Traffic Policy: a typed object (`{ onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200 } }] }] }`), or its YAML or JSON text as ngrok's documentation writes it. Its credentials (basic-auth `credentials`, OAuth and OpenID Connect `clientSecret`, webhook `secret`, a TLS `serverPrivateKey`) are kept in `trafficPolicySecrets`; the output is the policy the API holds, in the typed form, without them. */
  declare public readonly trafficPolicy: pulumi.Output<TrafficPolicy>;
  /** The policy's credentials, by their place in it (`onHttpRequest[0].actions[1].config.clientSecret`): set by the class from `trafficPolicy`, each value a secret, so that a preview shows which action's credential changed and never its value. Secret. */
  declare public readonly trafficPolicySecrets: pulumi.Output<{ [key: string]: string } | undefined>;
  /** Where the endpoint is reachable: `public`, `internal` or `kubernetes`. When unset, the service chooses from the URL (`internal` for a `.internal` host). */
  declare public readonly bindings: pulumi.Output<("public" | "internal" | "kubernetes")[] | undefined>;
  /** Whether other endpoints may share the URL, the service balancing traffic among them. Default `false`. */
  declare public readonly poolingEnabled: pulumi.Output<boolean | undefined>;
  /** What the endpoint is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The endpoint's type: `cloud`, the only type the API creates (and the default). Changing it replaces the resource. */
  declare public readonly type: pulumi.Output<"cloud" | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;
  /** When the endpoint was last changed (RFC 3339). */
  declare public readonly updatedAt: pulumi.Output<string | undefined>;
  /** The URL the endpoint serves, as the API answers it. */
  declare public readonly publicUrl: pulumi.Output<string | undefined>;
  /** The URL's scheme. */
  declare public readonly scheme: pulumi.Output<string | undefined>;
  /** The URL's host. */
  declare public readonly host: pulumi.Output<string | undefined>;
  /** The URL's port. */
  declare public readonly port: pulumi.Output<number | undefined>;
  /** `host:port`. */
  declare public readonly hostport: pulumi.Output<string | undefined>;
  /** The protocol served: `http`, `https`, `tcp` or `tls`. */
  declare public readonly proto: pulumi.Output<string | undefined>;
  /** The reserved domain the URL is on; absent for internal endpoints. */
  declare public readonly domain: pulumi.Output<outputs.Ref | undefined>;

  /** References an existing CloudEndpoint by its id (`ep_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): CloudEndpoint {
    return new CloudEndpoint(name, undefined as unknown as CloudEndpointArgs, { ...opts, id });
  }

  constructor(name: string, args: CloudEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    const props: pulumi.Inputs = Object.assign(
      {
        url: undefined,
        trafficPolicy: undefined,
        trafficPolicySecrets: undefined,
        bindings: undefined,
        poolingEnabled: undefined,
        description: undefined,
        metadata: undefined,
        type: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        publicUrl: undefined,
        scheme: undefined,
        host: undefined,
        port: undefined,
        hostport: undefined,
        proto: undefined,
        domain: undefined,
      },
      args,
    );
    if (props.trafficPolicySecrets !== undefined) props.trafficPolicySecrets = pulumi.secret(props.trafficPolicySecrets);
    Object.assign(props, preparePolicyInputs(props));
    super("CloudEndpoint", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["trafficPolicySecrets"] }));
  }
}

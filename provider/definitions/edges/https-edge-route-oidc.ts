import { routeModule, stringList, uint32 } from "./edge-common";

export const httpsEdgeRouteOidc = routeModule({
  name: "HttpsEdgeRouteOidc",
  module: "oidc",
  description:
    "OpenID Connect authentication of a route: visitors sign in with the identity provider before their requests reach the upstream.",
  properties: {
    optionsPassthrough: {
      type: { kind: "boolean" },
      description: "Let HTTP OPTIONS requests through without authentication (needed for CORS). Default `false`.",
      input: { api: "", onChange: "update", unset: "clear" },
    },
    cookiePrefix: {
      type: { kind: "string" },
      description: "Prefix of the session cookie that caches the authentication; the service chooses one when unset.",
      input: { api: "", onChange: "update", unset: "computed" },
    },
    inactivityTimeout: uint32("Seconds of inactivity after which the session ends and the visitor signs in again."),
    maximumDuration: uint32("Maximum duration of an authenticated session, in seconds."),
    issuer: {
      type: {
        kind: "string",
        refine: (zod) => zod.string().refine(isHttpUrl, { message: "must be an absolute http(s) URL (the base URL for OIDC discovery)" }),
      },
      description: "The identity provider's URL: the base URL for OIDC discovery.",
      input: { api: "", required: true, onChange: "update", unset: "clear" },
    },
    clientId: {
      type: { kind: "string", nonEmpty: true },
      description: "The OIDC client id, also the audience.",
      input: { api: "", required: true, onChange: "update", unset: "clear" },
    },
    clientSecret: {
      type: { kind: "string", nonEmpty: true },
      secret: true,
      description: "The OIDC client secret. Kept encrypted in state; never shown in previews, diffs or errors.",
      input: { api: "", required: true, onChange: "update", unset: "clear" },
    },
    scopes: stringList("Scopes requested from the identity provider, such as `openid` and `email`."),
  },
  example: `const oidc = new ngrok.HttpsEdgeRouteOidc("sso", {
    route, // an ngrok.HttpsEdgeRoute: fills edgeId and routeId, and is the module's parent
    issuer: "https://accounts.google.com",
    clientId: "my-client-id",
    clientSecret: config.requireSecret("oidcClientSecret"),
    scopes: ["openid", "email"],
});`,
});

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

// The app's Traffic Policy, typed: what the https-edge example's modules did, as policy actions.
// Its own module so that tests (and other programs) can import it.
import type * as pulumi from "@pulumi/pulumi";
import type * as ngrok from "pulumi-ngrok";

/** Clients allowed in (documentation ranges): everyone else is refused by restrict-ips. */
export const allowedCidrs = ["203.0.113.0/24", "2001:db8::/32"];
/** The internal endpoint pool the app's agents join (`ngrok http 8080 --url https://app.internal --pooling-enabled`). */
export const poolUrl = "https://app.internal";
/** The identity provider: OpenID Connect for the web UI, its tokens for the API. */
export const issuer = "https://accounts.google.com";
export const jwksUrl = "https://www.googleapis.com/oauth2/v3/certs";
/** The claim an API token must carry: `scope` must include it. */
export const requiredScope = "app:api";

export interface PolicySettings<Secret = pulumi.Input<string>> {
    /** Requests per client IP per minute before the rate limit answers 429. */
    rateLimit: number;
    oidcClientId: string;
    /** A secret: the class keeps it encrypted in state, out of the policy's plain form. */
    oidcClientSecret: Secret;
}

/** The policy with plain values (for tests and tools), or with the program's inputs (a secret from config). */
export function appPolicy(s: PolicySettings<string>): ngrok.TrafficPolicy;
export function appPolicy(s: PolicySettings): ngrok.TrafficPolicyInput;
export function appPolicy(s: PolicySettings): ngrok.TrafficPolicyInput {
    return {
        onHttpRequest: [
            {
                name: "allowed networks only",
                actions: [{ type: "restrict-ips", config: { allow: allowedCidrs } }],
            },
            {
                name: "rate limit per client",
                actions: [
                    {
                        type: "rate-limit",
                        config: { name: "per client IP", algorithm: "sliding_window", capacity: s.rateLimit, rate: "60s", bucketKey: ["conn.client_ip"] },
                    },
                ],
            },
            {
                name: "API: bearer tokens from the identity provider",
                expressions: ["req.url.path.startsWith('/api')"],
                actions: [
                    {
                        type: "jwt-validation",
                        config: {
                            issuer: { allowList: [{ value: issuer }] },
                            audience: { allowList: [{ value: s.oidcClientId }] },
                            http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
                            jws: { allowedAlgorithms: ["RS256"], keys: { sources: { additionalJkus: [jwksUrl] } } },
                        },
                    },
                ],
            },
            {
                name: "API: tokens without the app's scope are refused",
                expressions: [
                    "req.url.path.startsWith('/api')",
                    `!('${requiredScope}' in actions.ngrok.jwt_validation.tokens[0].payload.scope.split(' '))`,
                ],
                actions: [{ type: "custom-response", config: { statusCode: 403, body: "This token lacks the app:api scope." } }],
            },
            {
                name: "web UI: sign in with OpenID Connect",
                expressions: ["!req.url.path.startsWith('/api')"],
                actions: [
                    {
                        type: "openid-connect",
                        config: {
                            issuerUrl: issuer,
                            clientId: s.oidcClientId,
                            clientSecret: s.oidcClientSecret,
                            scopes: ["openid", "email"],
                            idleSessionDuration: "1h",
                        },
                    },
                ],
            },
            {
                name: "to the app's pool",
                // on_error continue: when no agent of the pool is online, the error page below answers.
                actions: [{ type: "forward-internal", config: { url: poolUrl, onError: "continue" } }],
            },
            {
                name: "custom error page",
                actions: [
                    {
                        type: "custom-response",
                        config: {
                            statusCode: 503,
                            headers: { "content-type": "text/html" },
                            body: "<html><body><h1>We'll be right back</h1><p>The app is down for maintenance.</p></body></html>",
                        },
                    },
                ],
            },
        ],
        onHttpResponse: [{ name: "security headers", actions: [{ type: "add-headers", config: { headers: { "strict-transport-security": "max-age=63072000" } } }] }],
    };
}

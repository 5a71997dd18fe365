import { routeModule } from "./edge-common";
import type { z } from "zod";
import type { ObjectType } from "../../contract";

/** The JWS `alg` values the API accepts (RFC 7518, and EdDSA from RFC 8037). */
const jwsAlgorithms = ["HS256", "HS384", "HS512", "RS256", "RS384", "RS512", "ES256", "ES384", "ES512", "PS256", "PS384", "PS512", "EdDSA"] as const;

const absoluteHttpUrl = (zod: typeof z): z.ZodType<string, string> =>
  zod.string().refine((v) => /^https?:\/\/[^/\s]+/i.test(v), { message: "must be an absolute http(s) URL" });

const allowList: ObjectType = {
  kind: "object",
  name: "JwtAllowList",
  description: "Values a JWT claim may take.",
  properties: {
    allowList: {
      api: "allow_list",
      type: {
        kind: "array",
        items: {
          kind: "object",
          name: "JwtAllowListEntry",
          description: "One allowed value.",
          properties: { value: { api: "value", type: { kind: "string", nonEmpty: true }, description: "The value.", required: true } },
        },
      },
      description: "The allowed values.",
    },
  },
};

const http: ObjectType = {
  kind: "object",
  name: "JwtHttp",
  description: "Where JWTs are found in requests.",
  properties: {
    tokens: {
      api: "tokens",
      description: "The tokens to validate.",
      type: {
        kind: "array",
        items: {
          kind: "object",
          name: "JwtToken",
          description: "A token to validate and where to find it.",
          properties: {
            type: {
              api: "type",
              type: { kind: "string", enum: ["jwt", "at+jwt", "it+jwt"] },
              description: "How to parse it: `jwt`, `at+jwt` (access token) or `it+jwt` (ID token).",
              required: true,
            },
            method: {
              api: "method",
              type: { kind: "string", enum: ["header", "body"] },
              description: "Where it is: `header` or `body`.",
              required: true,
            },
            name: { api: "name", type: { kind: "string", nonEmpty: true }, description: "The name of the header or body field.", required: true },
            prefix: { api: "prefix", type: { kind: "string" }, description: "A prefix stripped before parsing, such as `Bearer `." },
          },
        },
      },
    },
  },
};

const jws: ObjectType = {
  kind: "object",
  name: "JwtJws",
  description: "How JWT signatures are verified.",
  properties: {
    allowedAlgorithms: {
      api: "allowed_algorithms",
      type: { kind: "array", items: { kind: "string", enum: jwsAlgorithms } },
      description: "The signing algorithms accepted, such as `RS256`.",
    },
    keys: {
      api: "keys",
      description: "Where the signing keys come from.",
      type: {
        kind: "object",
        name: "JwtJwsKeys",
        description: "Where the signing keys come from.",
        properties: {
          sources: {
            api: "sources",
            description: "The key sources.",
            type: {
              kind: "object",
              name: "JwtKeySources",
              description: "The key sources.",
              properties: {
                additionalJkus: {
                  api: "additional_jkus",
                  type: { kind: "array", items: { kind: "string", refine: absoluteHttpUrl } },
                  description: "Absolute http(s) URLs serving signing keys in JWKS format.",
                },
              },
            },
          },
        },
      },
    },
  },
};

export const httpsEdgeRouteJwtValidation = routeModule({
  name: "HttpsEdgeRouteJwtValidation",
  module: "jwt_validation",
  description:
    "JWT validation on a route: requests must carry a valid JSON Web Token from an allowed issuer and audience. The fields mirror the API's nesting.",
  properties: {
    issuer: {
      type: allowList,
      description: "The allowed issuers (`iss`), e.g. `{ allowList: [{ value: \"https://issuer.example.com\" }] }`.",
      input: { api: "", onChange: "update", unset: "clear" },
    },
    audience: {
      type: allowList,
      description: "The allowed audiences (`aud`).",
      input: { api: "", onChange: "update", unset: "clear" },
    },
    http: {
      type: http,
      description: "Where the tokens are in the request, and their type.",
      input: { api: "", onChange: "update", unset: "clear" },
    },
    jws: {
      type: jws,
      description: "Signature verification: algorithms and key sources.",
      input: { api: "", onChange: "update", unset: "clear" },
    },
  },
  example: `const jwt = new ngrok.HttpsEdgeRouteJwtValidation("jwt", {
    route,
    issuer: { allowList: [{ value: "https://issuer.example.com" }] },
    audience: { allowList: [{ value: "api" }] },
    http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
    jws: { allowedAlgorithms: ["RS256"], keys: { sources: { additionalJkus: ["https://issuer.example.com/jwks.json"] } } },
});`,
});

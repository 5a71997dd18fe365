// The catalogue of Traffic Policy actions, as ngrok's action reference documents them
// (https://ngrok.com/docs/traffic-policy/actions/): each action's file holds its phases, its
// config schema (ngrok's defaults and limits, which check.ts enforces) and its run logic. Action
// result variables are written to `actions.ngrok.<name>` as the docs list them; they hold the last
// run of each action. Adding an action: its file, and its line below.
import type { ActionImpl } from "./common";
import * as addHeaders from "./add-headers";
import * as basicAuth from "./basic-auth";
import * as bodyFindReplace from "./body-find-replace";
import * as circuitBreaker from "./circuit-breaker";
import * as closeConnection from "./close-connection";
import * as compressResponse from "./compress-response";
import * as customResponse from "./custom-response";
import * as deny from "./deny";
import * as forwardInternal from "./forward-internal";
import * as httpRequest from "./http-request";
import * as identity from "./identity";
import * as jwtValidation from "./jwt-validation";
import * as log from "./log";
import * as notEmulated from "./not-emulated";
import * as owaspCrs from "./owasp-crs";
import * as rateLimit from "./rate-limit";
import * as redirect from "./redirect";
import * as removeHeaders from "./remove-headers";
import * as restrictIps from "./restrict-ips";
import * as setVars from "./set-vars";
import * as sseFindReplace from "./sse-find-replace";
import * as terminateTls from "./terminate-tls";
import * as urlRewrite from "./url-rewrite";
import * as verifyWebhook from "./verify-webhook";

export type { ActionContext, ActionOutcome, Exchange, HttpMessage, OutboundRequest, TlsTermination } from "./common";
export { ConfigError, NotEmulated } from "./common";

/** Each action by its type, the name ngrok's pages give it. */
export const ACTIONS: Readonly<Record<string, ActionImpl>> = {
  "add-headers": addHeaders.addHeaders,
  "ai-gateway": notEmulated.aiGateway,
  "basic-auth": basicAuth.basicAuth,
  "circuit-breaker": circuitBreaker.circuitBreaker,
  "close-connection": closeConnection.closeConnection,
  "compress-response": compressResponse.compressResponse,
  "custom-response": customResponse.customResponse,
  deny: deny.deny,
  "forward-internal": forwardInternal.forwardInternal,
  "http-request": httpRequest.httpRequest,
  "jwt-validation": jwtValidation.jwtValidation,
  log: log.log,
  oauth: identity.oauth,
  "openid-connect": identity.openidConnect,
  "owasp-crs-request": owaspCrs.owaspCrsRequest,
  "owasp-crs-response": owaspCrs.owaspCrsResponse,
  "rate-limit": rateLimit.rateLimit,
  redirect: redirect.redirect,
  "remove-headers": removeHeaders.removeHeaders,
  "request-body-find-replace": bodyFindReplace.requestBodyFindReplace,
  "response-body-find-replace": bodyFindReplace.responseBodyFindReplace,
  "restrict-ips": restrictIps.restrictIps,
  "set-vars": setVars.setVars,
  "sse-find-replace": sseFindReplace.sseFindReplace,
  "terminate-tls": terminateTls.terminateTls,
  "url-rewrite": urlRewrite.urlRewrite,
  "verify-webhook": verifyWebhook.verifyWebhookAction,
};

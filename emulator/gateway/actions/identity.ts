// oauth and openid-connect (https://ngrok.com/docs/traffic-policy/actions/oauth/, https://ngrok.com/docs/traffic-policy/actions/oidc/).
import { f, type Field } from "../schema";
import type { SignIn } from "../types";
import { message, NotEmulated, parseDuration, setResult, str, strList, type ActionImpl, type Run } from "./common";

/** Well-known authorization URLs of the oauth action's providers. */
const OAUTH_AUTHORIZE: Readonly<Record<string, string>> = {
  google: "https://accounts.google.com/o/oauth2/v2/auth",
  github: "https://github.com/login/oauth/authorize",
  gitlab: "https://gitlab.com/oauth/authorize",
  microsoft: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
  linkedin: "https://www.linkedin.com/oauth/v2/authorization",
  facebook: "https://www.facebook.com/v18.0/dialog/oauth",
  twitch: "https://id.twitch.tv/oauth2/authorize",
  amazon: "https://www.amazon.com/ap/oa",
};

/**
 * oauth and openid-connect need a real identity provider, which the emulator does not run. Its
 * stand-in: a request without an identity (the test's `identity`, or the gateway's
 * `ngrok-emulator-identity` header) gets the documented start of the flow, a redirect to the
 * provider with ngrok's callback URL; one with an identity passes as that signed-in user, with
 * the action's identity variables set. On the emulator's gateway the sign-in is recorded as the
 * account's application user and session, whose ids the variables carry.
 */
const identity = (idle: string): Record<string, Field> => ({
  auth_id: f("string"),
  client_id: f("string"),
  client_secret: f("string"),
  scopes: f("strings"),
  authz_url_params: f("map"),
  max_session_duration: f("duration"),
  [idle]: f("duration"),
  userinfo_refresh_interval: f("duration"),
  allow_cors_preflight: f("bool"),
  auth_cookie_domain: f("string"),
});

/** `kind` names the action's variables (`actions.ngrok.oauth`, `actions.ngrok.oidc`). */
function identityAction(type: string, kind: "oauth" | "oidc"): ActionImpl {
  return {
    type,
    phases: ["on_http_request"],
    config: kind === "oauth" ? { provider: f("string", { required: true }), ...identity("idle_session_timeout") } : { issuer_url: f("string", { required: true }), ...identity("idle_session_duration") },
    async run(config, run) {
      const identity = run.ex.identity;
      const provider = kind === "oauth" ? str(config, "provider") : run.cel.text(str(config, "issuer_url"));
      if (identity !== undefined) {
        const signedIn = run.ctx.env.signIn?.(signInOf(kind, provider, config, identity, run));
        const sessionId = signedIn?.sessionId ?? "";
        // The session's tokens and flags as the action pages list them
        // (https://ngrok.com/docs/traffic-policy/actions/oauth/, .../oidc/): stand-ins, since no
        // provider issued them; a fresh sign-in has not timed out nor been refreshed.
        const maxSession = config["max_session_duration"];
        const expiresMs = run.ctx.env.clock.now() + (typeof maxSession === "string" ? parseDuration(maxSession) : 3_600_000);
        setResult(run, kind, {
          identity: {
            email: identity.email,
            name: identity.name ?? "",
            provider_user_id: identity.email,
            id: signedIn?.identityId ?? `id_emulated_${identity.email}`,
            // oidc's page names it current_session_id; oauth's current_provider_session_id, which oidc keeps too.
            current_provider_session_id: sessionId,
            ...(kind === "oidc" ? { current_session_id: sessionId } : {}),
          },
          access_token: `emulated-access-token-${identity.email}`,
          refresh_token: `emulated-refresh-token-${identity.email}`,
          ...(kind === "oidc" ? { identity_token: `emulated-identity-token-${identity.email}` } : {}),
          expires_at: new Date(expiresMs).toISOString(),
          session_timed_out: false,
          session_max_duration_reached: false,
          [kind === "oauth" ? "userinfo_refreshed" : "user_info_refreshed"]: false,
        });
        return { kind: "continue", detail: `signed in as ${identity.email} (emulator stand-in)` };
      }
      const base = kind === "oauth" ? OAUTH_AUTHORIZE[provider] : `${provider.replace(/\/+$/, "")}/authorize`;
      // A valid provider whose authorization URL the emulator does not know: not the policy's fault.
      if (base === undefined) throw new NotEmulated(`the emulator knows the authorization URLs of ${Object.keys(OAUTH_AUTHORIZE).join(", ")}, not provider '${provider}'`);
      const location = new URL(base);
      const clientId = config["client_id"];
      if (typeof clientId === "string") location.searchParams.set("client_id", run.cel.text(clientId));
      location.searchParams.set("redirect_uri", "https://idp.ngrok.com/oauth2/callback");
      location.searchParams.set("response_type", "code");
      const scopes = strList(config, "scopes");
      if (kind === "oidc" || scopes.length > 0) location.searchParams.set("scope", (kind === "oidc" ? ["openid", ...scopes.filter((s) => s !== "openid")] : scopes).join(" "));
      location.searchParams.set("state", run.ex.request.url.pathname + run.ex.request.url.search);
      return { kind: "respond", response: message(302, { location: location.toString() }), detail: "redirect to the identity provider (emulator stand-in)" };
    },
  };
}

/** The sign-in the account records: who, through which provider, on which endpoint, from where. */
function signInOf(kind: "oauth" | "oidc", provider: string, config: Record<string, unknown>, identity: { email: string; name?: string }, run: Run): SignIn {
  const authorize = OAUTH_AUTHORIZE[provider];
  // oauth names a provider (`google`), openid-connect its issuer's URL.
  const source =
    kind === "oauth"
      ? { name: provider, url: authorize === undefined ? "" : new URL(authorize).origin }
      : { name: URL.canParse(provider) ? new URL(provider).host : provider, url: provider };
  const ms = (key: string) => (config[key] === undefined || config[key] === null ? undefined : parseDuration(str(config, key)));
  // conn.geo as IP geolocation reports it: the numbers that are numbers, the country code when known.
  const geo = run.ex.conn.geo;
  const location: NonNullable<SignIn["location"]> = {};
  if (geo.country_code) location.country_code = geo.country_code;
  for (const [from, to] of [["latitude", "latitude"], ["longitude", "longitude"], ["radius", "lat_long_radius_km"]] as const) {
    const v = geo[from];
    if (v !== undefined && v !== "" && !Number.isNaN(Number(v))) location[to] = Number(v);
  }
  const userAgent = run.ex.request.headers.get("user-agent")?.[0];
  const maxSessionMs = ms("max_session_duration");
  const idleTimeoutMs = ms("idle_session_timeout");
  return {
    provider: source,
    providerUserId: identity.email,
    email: identity.email,
    ...(identity.name === undefined ? {} : { name: identity.name }),
    endpoint: { id: run.ex.endpoint.id, url: run.ex.endpoint.url },
    ...(userAgent === undefined ? {} : { userAgent }),
    clientIp: run.ex.conn.clientIp,
    ...(Object.keys(location).length === 0 ? {} : { location }),
    ...(maxSessionMs === undefined ? {} : { maxSessionMs }),
    ...(idleTimeoutMs === undefined ? {} : { idleTimeoutMs }),
  };
}

export const oauth = identityAction("oauth", "oauth");
export const openidConnect = identityAction("openid-connect", "oidc");

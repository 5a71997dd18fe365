/**
 * Lookups of the account's Traffic Identities (https://ngrok.com/docs/traffic-policy/identities/):
 * application users, who signed in to an endpoint through its oauth or openid-connect action, and
 * their sessions. ngrok records them as people sign in, and the API only reads and deletes them,
 * so programs read them: `getApplicationUser` (by id or email), `getApplicationUsers`,
 * `getApplicationSession` and `getApplicationSessions`. ngrok does not document their ids'
 * prefixes, so ids are not checked before the request.
 */
import { refType } from "../definitions/common";
import type { ObjectType, Props, TypeSpec } from "../contract";
import { field, getFunction, listFunction, refId, type LiveView } from "./live";

const str: TypeSpec = { kind: "string" };
const num: TypeSpec = { kind: "number" };

const identityProviderType: ObjectType = {
  kind: "object",
  name: "IdentityProvider",
  description: "The identity provider a user signed in with.",
  properties: {
    name: field("name", str, "Its name (`google`, or an OpenID Connect issuer's host)."),
    url: field("url", str, "Its address."),
  },
};

export const applicationUserType: ObjectType = {
  kind: "object",
  name: "ApplicationUser",
  description: "A person who signed in to one of the account's endpoints through its oauth or openid-connect action.",
  properties: {
    id: field("id", str, "The application user's id: `actions.ngrok.oauth.identity.id` (or `oidc`) in a Traffic Policy.", true),
    uri: field("uri", str, "The user's address in the API.", true),
    identityProvider: field("identity_provider", identityProviderType, "The identity provider the user signed in with."),
    providerUserId: field("provider_user_id", str, "The user's id at the identity provider."),
    username: field("username", str, "The user's username."),
    email: field("email", str, "The user's email address."),
    name: field("name", str, "The user's name."),
    createdAt: field("created_at", str, "When the user first signed in (RFC 3339)."),
    lastActive: field("last_active", str, "When the user was last active (RFC 3339)."),
    lastLogin: field("last_login", str, "When the user last signed in (RFC 3339)."),
  },
};

const userAgentType: ObjectType = {
  kind: "object",
  name: "UserAgent",
  description: "The browser a session came from, by its `User-Agent` header.",
  properties: {
    raw: field("raw", str, "The `User-Agent` header as sent."),
    browserName: field("browser_name", str, "The browser's name (`Chrome`)."),
    browserVersion: field("browser_version", str, "The browser's version."),
    deviceType: field("device_type", str, "The kind of device (`Desktop`)."),
    osName: field("os_name", str, "The operating system's name."),
    osVersion: field("os_version", str, "The operating system's version."),
  },
};

const locationType: ObjectType = {
  kind: "object",
  name: "Location",
  description: "Where a session's IP address is, by IP geolocation.",
  properties: {
    countryCode: field("country_code", str, "The ISO country code."),
    latitude: field("latitude", num, "Latitude."),
    longitude: field("longitude", num, "Longitude."),
    latLongRadiusKm: field("lat_long_radius_km", num, "How far off the coordinates may be, in km."),
  },
};

const browserSessionType: ObjectType = {
  kind: "object",
  name: "BrowserSession",
  description: "The browser session behind an application session.",
  properties: {
    userAgent: field("user_agent", userAgentType, "The browser."),
    ipAddress: field("ip_address", str, "The IP address it came from."),
    location: field("location", locationType, "Where that address is."),
  },
};

export const applicationSessionType: ObjectType = {
  kind: "object",
  name: "ApplicationSession",
  description: "An application user's signed-in session on one endpoint.",
  properties: {
    id: field("id", str, "The session's id: `actions.ngrok.oauth.identity.current_provider_session_id` (or `oidc`) in a Traffic Policy.", true),
    uri: field("uri", str, "The session's address in the API.", true),
    publicUrl: field("public_url", str, "The URL of the endpoint signed in to."),
    browserSession: field("browser_session", browserSessionType, "The browser, address and location it came from."),
    applicationUser: field("application_user", refType, "The application user it belongs to."),
    createdAt: field("created_at", str, "When the session began (RFC 3339)."),
    lastActive: field("last_active", str, "When it was last active (RFC 3339)."),
    expiresAt: field("expires_at", str, "When it ends (RFC 3339)."),
    endpoint: field("endpoint", refType, "The endpoint signed in to."),
  },
};

const userView: LiveView = {
  type: applicationUserType,
  noun: "application user",
  state: "known",
  path: "/app/users",
  listKey: "application_users",
  listField: "applicationUsers",
  keys: { email: { type: str, description: "The user's email address." } },
  filters: {
    email: { type: str, description: "Only the users with this email address.", matches: (item, v) => item.email === v },
    identityProvider: {
      type: str,
      description: "Only the users who signed in with this identity provider (its name: `google`, or an OpenID Connect issuer's host).",
      matches: (item, v) => (item.identityProvider as Props | undefined)?.name === v,
    },
  },
  getExample: `const alice = await ngrok.getApplicationUser({ email: "alice@example.com" });
pulumi.log.info(\`last signed in \${alice.lastLogin}\`);`,
  listExample: `const viaGoogle = ngrok.getApplicationUsersOutput({ identityProvider: "google" });
export const signedInEmails = viaGoogle.applicationUsers.apply((us) => us.map((u) => u.email));`,
};

const sessionView: LiveView = {
  type: applicationSessionType,
  noun: "application session",
  state: "active",
  path: "/app/sessions",
  listKey: "application_sessions",
  listField: "applicationSessions",
  filters: {
    applicationUserId: { type: str, description: "Only the sessions of this application user.", matches: (item, v) => refId(item.applicationUser) === v },
    endpointId: { type: str, description: "Only the sessions on this endpoint (`ep_...`).", matches: (item, v) => refId(item.endpoint) === v },
  },
  getExample: `const session = await ngrok.getApplicationSession({ id: sessionId });`,
  listExample: `const app = new ngrok.CloudEndpoint("app", { url: "https://app.example.com", trafficPolicy });
// Who is signed in to the app now.
const sessions = ngrok.getApplicationSessionsOutput({ endpointId: app.id });
export const signedInFrom = sessions.applicationSessions.apply((ss) => ss.map((s) => s.browserSession?.ipAddress));`,
};

export const getApplicationUser = getFunction(userView);
export const getApplicationUsers = listFunction(userView);
export const getApplicationSession = getFunction(sessionView);
export const getApplicationSessions = listFunction(sessionView);

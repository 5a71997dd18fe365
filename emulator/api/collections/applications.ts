// Traffic Identities: application users (`/app/users`) and application sessions (`/app/sessions`),
// the people who signed in to an endpoint through its oauth or openid-connect action and their
// sessions (https://ngrok.com/docs/traffic-policy/identities/). The API reads and deletes them
// and never creates them: a sign-in the gateway reports is recorded here (`recordSignIn`). Deleting a user ends
// its sessions. ngrok does not document these ids' prefixes: `appusr_` and `appsess_` are the
// emulator's own.
import { type CollectionDef } from "../collection";
import { str } from "../../shared/fields";
import type { SignIn, SignedIn } from "../../gateway/types";
import { rfc3339 } from "../../shared/ids";
import type { Rec, Store } from "../../shared/store";
import type { JsonObject } from "../../shared/validate";

const USERS = "application_users";
const SESSIONS = "application_sessions";

/** A copy of the stored fields that are set: the API leaves out what it does not know. */
function present(data: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const k of keys) if (data[k] !== undefined && data[k] !== null && data[k] !== "") out[k] = data[k];
  return out;
}

export const applicationUsers: CollectionDef = {
  kind: USERS,
  path: "/app/users",
  prefix: "appusr",
  listKey: "application_users",
  beforeDelete(rec, ctx) {
    for (const s of ctx.store.all(SESSIONS)) if (s.data["application_user_id"] === rec.id) ctx.store.collection(SESSIONS).delete(s.id);
  },
  shape(rec, ctx) {
    return {
      id: rec.id,
      uri: ctx.uriOf(USERS, rec),
      identity_provider: rec.data["identity_provider"] ?? {},
      ...present(rec.data, ["provider_user_id", "username", "email", "name"]),
      created_at: rec.created_at,
      ...present(rec.data, ["last_active", "last_login"]),
    };
  },
};

export const applicationSessions: CollectionDef = {
  kind: SESSIONS,
  path: "/app/sessions",
  prefix: "appsess",
  listKey: "application_sessions",
  shape(rec, ctx) {
    const user = ctx.store.get(USERS, str(rec.data["application_user_id"]));
    const endpointId = str(rec.data["endpoint_id"]);
    return {
      id: rec.id,
      uri: ctx.uriOf(SESSIONS, rec),
      public_url: str(rec.data["public_url"]),
      browser_session: rec.data["browser_session"] ?? {},
      application_user: user === undefined ? null : { id: user.id, uri: ctx.uriOf(USERS, user) },
      created_at: rec.created_at,
      ...present(rec.data, ["last_active", "expires_at"]),
      endpoint: endpointId === "" ? null : { id: endpointId, uri: `${ctx.base}/endpoints/${endpointId}` },
      // Sessions of agent-initiated and cloud endpoints: edges are gone.
      edge: null,
      route: null,
    };
  },
};

/**
 * Records a signed-in request: the user (one per identity provider and provider user id) and its
 * session on the endpoint, which lasts until it is deleted, reaches its maximum duration or sits
 * idle too long; then the next request signs in again, with a new session.
 */
export function recordSignIn(store: Store, now: Date, signIn: SignIn): SignedIn {
  const at = rfc3339(now);
  const users = store.collection(USERS);
  let user = store
    .all(USERS)
    .find((u) => sameProvider(u.data["identity_provider"], signIn.provider) && u.data["provider_user_id"] === signIn.providerUserId);
  if (user === undefined) {
    user = { id: store.ids.next(applicationUsers.prefix), created_at: at, data: { identity_provider: signIn.provider, provider_user_id: signIn.providerUserId }, modules: {} };
    users.set(user.id, user);
  }
  user.data["email"] = signIn.email;
  if (signIn.name !== undefined && signIn.name !== "") user.data["name"] = signIn.name;
  user.data["last_active"] = at;
  const current = store
    .all(SESSIONS)
    .reverse()
    .find((s) => s.data["application_user_id"] === user.id && s.data["endpoint_id"] === signIn.endpoint.id && live(s, now, signIn.idleTimeoutMs));
  const session: Rec = current ?? {
    id: store.ids.next(applicationSessions.prefix),
    created_at: at,
    data: {
      application_user_id: user.id,
      endpoint_id: signIn.endpoint.id,
      public_url: signIn.endpoint.url,
      ...(signIn.maxSessionMs === undefined ? {} : { expires_at: rfc3339(new Date(now.getTime() + signIn.maxSessionMs)) }),
    },
    modules: {},
  };
  if (current === undefined) {
    store.collection(SESSIONS).set(session.id, session);
    user.data["last_login"] = at;
  }
  session.data["last_active"] = at;
  session.data["browser_session"] = {
    user_agent: signIn.userAgent === undefined ? {} : { raw: signIn.userAgent },
    ip_address: signIn.clientIp,
    ...(signIn.location === undefined ? {} : { location: signIn.location }),
  };
  return { identityId: user.id, sessionId: session.id };
}

function sameProvider(stored: unknown, provider: SignIn["provider"]): boolean {
  const p = stored as { name?: unknown; url?: unknown } | undefined;
  return p?.name === provider.name && p?.url === provider.url;
}

/** Whether a session still holds at `now`: not past its end, not idle longer than the timeout. */
function live(session: Rec, now: Date, idleTimeoutMs: number | undefined): boolean {
  const expires = str(session.data["expires_at"]);
  if (expires !== "" && Date.parse(expires) <= now.getTime()) return false;
  const last = Date.parse(str(session.data["last_active"]));
  return idleTimeoutMs === undefined || Number.isNaN(last) || now.getTime() - last < idleTimeoutMs;
}


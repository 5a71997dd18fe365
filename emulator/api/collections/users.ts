// Service users (`/service_users`, ids `service_`), the bot users they replace (`/bot_users`, ids
// `bot_`, still served and deprecated), and API keys (`/api_keys`, ids `ak_`): the identities
// automation acts as, and the keys it authenticates with. The ids are those of the API reference's
// examples (https://ngrok.com/docs/api-reference/serviceusers/create, .../botusers/create).
import { z } from "zod";
import { common, type CollectionDef, type Ctx } from "../collection";
import { str, tokenDigest } from "../../shared/fields";
import { referenceNotFound } from "../../shared/errors";
import { randomBase62 } from "../../shared/ids";
import type { Store } from "../../shared/store";
import { description, maxBytes, metadata, requirePrefix } from "../../shared/validate";

const name = maxBytes("name", 255).refine((s) => s !== "", { message: "The name must not be empty." });

function automationUsers(kind: "service_users" | "bot_users", prefix: "service" | "bot", formerPrefixes: readonly string[] = []): CollectionDef {
  const def: CollectionDef = {
    kind,
    path: `/${kind}`,
    prefix,
    formerPrefixes,
    listKey: kind,
    createSchema: z.strictObject({ name, active: z.boolean().optional() }),
    create(input) {
      return { data: { name: str(input["name"]), active: input["active"] !== false } };
    },
    updateSchema: z.strictObject({ name: name.optional(), active: z.boolean().optional() }),
    shape(rec, ctx) {
      const { id, uri, created_at } = common(def, rec, ctx);
      return { id, uri, name: str(rec.data["name"]), active: rec.data["active"] !== false, created_at };
    },
  };
  return def;
}

// An emulator's state from before service users had their own prefix holds them as `bot_`.
export const serviceUsers = automationUsers("service_users", "service", ["bot"]);
export const botUsers = automationUsers("bot_users", "bot");

/** Where each owner prefix lives (a `bot_` service user is one stored before `service_`); the account's own user (`usr_`) is the store's. */
const OWNER_KINDS: Readonly<Record<string, readonly string[]>> = { service: ["service_users"], bot: ["bot_users", "service_users"] };

/** Whether `id` names the account's user or one of its service or bot users. */
function ownerExists(store: Store, id: string): boolean {
  if (id === store.userId) return true;
  return (OWNER_KINDS[id.slice(0, id.indexOf("_"))] ?? []).some((kind) => store.get(kind, id) !== undefined);
}

/** The owner a key made on /api_keys authenticates as, while the key and its owner exist; undefined otherwise. */
export function apiKeyOwner(store: Store, token: string): string | undefined {
  const hash = tokenDigest(token);
  const key = store.all("api_keys").find((k) => k.data["token_sha256"] === hash);
  const owner = key === undefined ? undefined : str(key.data["owner_id"]);
  return owner !== undefined && ownerExists(store, owner) ? owner : undefined;
}

function checkOwner(ctx: Ctx, owner: string): string {
  requirePrefix("owner_id", owner, ["usr", "service", "bot"]);
  if (!ownerExists(ctx.store, owner)) throw referenceNotFound("owner_id", owner);
  return owner;
}

export const apiKeys: CollectionDef = {
  kind: "api_keys",
  path: "/api_keys",
  prefix: "ak",
  listKey: "keys",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), owner_id: z.string().optional() }),
  create(input, ctx) {
    // The emulated account's user is an admin: the key may be its own or a service user's.
    const owner = checkOwner(ctx, str(input["owner_id"]) || ctx.caller);
    // The token is shown once; only its digest is kept, to know the key when it is used.
    const token = `${randomBase62(27)}_${randomBase62(21)}`;
    return {
      data: { description: str(input["description"]), metadata: str(input["metadata"]), owner_id: owner, token_sha256: tokenDigest(token) },
      once: { token },
    };
  },
  // The owner is fixed at creation: not in the update body (ERR_NGROK_214).
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  shape(rec, ctx) {
    return { ...common(apiKeys, rec, ctx), token: null, owner_id: str(rec.data["owner_id"]) };
  },
};

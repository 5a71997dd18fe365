// Service users (`/service_users`, formerly bot users, ids `bot_`) and API keys (`/api_keys`,
// ids `ak_`): the identities automation acts as, and the keys it authenticates with.
import { z } from "zod";
import { common, str, type CollectionDef } from "../collection";
import { randomBase62 } from "../ids";
import { description, maxBytes, metadata, requirePrefix } from "../validate";

const name = maxBytes("name", 255).refine((s) => s !== "", { message: "The name must not be empty." });

export const serviceUsers: CollectionDef = {
  kind: "service_users",
  path: "/service_users",
  prefix: "bot",
  listKey: "service_users",
  createSchema: z.strictObject({ name, active: z.boolean().optional() }),
  create(input) {
    return { data: { name: str(input["name"]), active: input["active"] !== false } };
  },
  updateSchema: z.strictObject({ name: name.optional(), active: z.boolean().optional() }),
  shape(rec, ctx) {
    const { id, uri, created_at } = common(serviceUsers, rec, ctx);
    return { id, uri, name: str(rec.data["name"]), active: rec.data["active"] !== false, created_at };
  },
};

export const apiKeys: CollectionDef = {
  kind: "api_keys",
  path: "/api_keys",
  prefix: "ak",
  listKey: "keys",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), owner_id: z.string().optional() }),
  create(input, ctx) {
    const owner = str(input["owner_id"]) || ctx.store.userId;
    // The emulated caller is an admin: any user or bot may own the key.
    requirePrefix("owner_id", owner, ["usr", "bot"]);
    return {
      data: { description: str(input["description"]), metadata: str(input["metadata"]), owner_id: owner },
      // The token is shown once and never stored: every later response has token null.
      once: { token: `${randomBase62(27)}_${randomBase62(21)}` },
    };
  },
  // The owner is fixed at creation: not in the update body (ERR_NGROK_214).
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  shape(rec, ctx) {
    return { ...common(apiKeys, rec, ctx), token: null, owner_id: str(rec.data["owner_id"]) };
  },
};

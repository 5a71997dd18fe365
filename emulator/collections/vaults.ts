// Vaults and their secrets (`/vaults`, `/vault_secrets`, ids `vault_` and `secret_`): named stores
// of values that Traffic Policies read. A secret's value is write-only: no response carries it.
import { z } from "zod";
import { common, freshRef, referencedId, str, type CollectionDef, type Ctx, type Referenced } from "../collection";
import { ApiFailure, badValue, referenceNotFound } from "../errors";
import { rfc3339 } from "../ids";
import type { Rec } from "../store";
import { description, maxBytes, metadata, type JsonObject } from "../validate";

const VAULT: Referenced = { kind: "vaults", prefix: "vault", what: "vault" };
const name = maxBytes("name", 255).refine((s) => s !== "", { message: "The name must not be empty." });

function secretsOf(ctx: Ctx, vaultId: string): Rec[] {
  return ctx.store.all("vault_secrets").filter((s) => s.data["vault_id"] === vaultId);
}

function stamp(rec: Rec, ctx: Ctx): void {
  rec.data["updated_at"] = rfc3339(ctx.now);
  rec.data["last_updated_by"] = ctx.store.userId;
}

function uniqueVaultName(ctx: Ctx, value: string, self?: string): void {
  if (ctx.store.all("vaults").some((v) => v.id !== self && v.data["name"] === value)) {
    throw badValue(`Invalid value for 'name': a vault named '${value}' already exists.`);
  }
}

export const vaults: CollectionDef = {
  kind: "vaults",
  path: "/vaults",
  prefix: "vault",
  listKey: "vaults",
  createSchema: z.strictObject({ name, description: description.optional(), metadata: metadata.optional() }),
  create(input, ctx) {
    uniqueVaultName(ctx, str(input["name"]));
    const at = rfc3339(ctx.now);
    const data: JsonObject = {
      name: str(input["name"]),
      description: str(input["description"]),
      metadata: str(input["metadata"]),
      created_by: ctx.store.userId,
      last_updated_by: ctx.store.userId,
      updated_at: at,
    };
    return { data };
  },
  updateSchema: z.strictObject({ name: name.optional(), description: description.optional(), metadata: metadata.optional() }),
  update(rec, input, ctx) {
    if (input["name"] !== undefined) uniqueVaultName(ctx, str(input["name"]), rec.id);
    Object.assign(rec.data, input);
    stamp(rec, ctx);
  },
  beforeDelete(rec, ctx) {
    const held = secretsOf(ctx, rec.id).length;
    if (held > 0) {
      throw new ApiFailure(400, undefined, `The vault '${rec.id}' still holds ${held} secret(s): delete them before the vault.`);
    }
  },
  itemRoutes: [
    {
      method: "GET",
      path: "secrets",
      handle(rec, _request, ctx) {
        const secrets = secretsOf(ctx, rec.id).map((s) => vaultSecrets.shape(s, ctx));
        return { status: 200, body: { secrets, uri: `${ctx.uriOf("vaults", rec)}/secrets`, next_page_uri: null } };
      },
    },
  ],
  shape(rec, ctx) {
    return {
      ...common(vaults, rec, ctx),
      name: str(rec.data["name"]),
      created_by: str(rec.data["created_by"]),
      last_updated_by: str(rec.data["last_updated_by"]),
      updated_at: str(rec.data["updated_at"]),
    };
  },
};

function uniqueSecretName(ctx: Ctx, vaultId: string, value: string, self?: string): void {
  if (secretsOf(ctx, vaultId).some((s) => s.id !== self && s.data["name"] === value)) {
    throw badValue(`Invalid value for 'name': the vault already holds a secret named '${value}'.`);
  }
}

export const vaultSecrets: CollectionDef = {
  kind: "vault_secrets",
  path: "/vault_secrets",
  prefix: "secret",
  listKey: "secrets",
  createSchema: z.strictObject({
    name,
    value: z.string().min(1, { message: "The value must not be empty." }),
    description: description.optional(),
    metadata: metadata.optional(),
    vault_id: z.string().optional(),
    vault_name: z.string().optional(),
  }),
  create(input, ctx) {
    // The vault is named by id or by name (the API takes either).
    let vaultId = str(input["vault_id"]);
    const vaultName = str(input["vault_name"]);
    if (vaultId !== "") referencedId(ctx, "vault_id", vaultId, VAULT);
    else if (vaultName !== "") {
      const found = ctx.store.all("vaults").find((v) => v.data["name"] === vaultName);
      if (found === undefined) throw referenceNotFound("vault", vaultName);
      vaultId = found.id;
    } else throw badValue("The 'vault_id' field is required.");
    uniqueSecretName(ctx, vaultId, str(input["name"]));
    const data: JsonObject = {
      name: str(input["name"]),
      value: str(input["value"]),
      description: str(input["description"]),
      metadata: str(input["metadata"]),
      vault_id: vaultId,
      created_by: ctx.store.userId,
      last_updated_by: ctx.store.userId,
      updated_at: rfc3339(ctx.now),
    };
    return { data };
  },
  // The vault is fixed at creation: not in the update body (ERR_NGROK_214).
  updateSchema: z.strictObject({
    name: name.optional(),
    value: z.string().min(1, { message: "The value must not be empty." }).optional(),
    description: description.optional(),
    metadata: metadata.optional(),
  }),
  update(rec, input, ctx) {
    if (input["name"] !== undefined) uniqueSecretName(ctx, str(rec.data["vault_id"]), str(input["name"]), rec.id);
    Object.assign(rec.data, input);
    stamp(rec, ctx);
  },
  shape(rec, ctx) {
    const vaultId = str(rec.data["vault_id"]);
    const vault = ctx.store.get("vaults", vaultId);
    const user = (id: string): JsonObject => ({ id, uri: `${ctx.base}/users/${id}` });
    return {
      ...common(vaultSecrets, rec, ctx),
      name: str(rec.data["name"]),
      updated_at: str(rec.data["updated_at"]),
      created_by: user(str(rec.data["created_by"])),
      last_updated_by: user(str(rec.data["last_updated_by"])),
      vault: freshRef(ctx, "vaults", { id: vaultId, uri: "" }),
      vault_name: vault === undefined ? "" : str(vault.data["name"]),
    };
  },
};

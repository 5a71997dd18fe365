// Vaults and their secrets (`/vaults`, `/vault_secrets`, ids `vault_` and `secret_`): named stores
// of values that Traffic Policies read. A secret's value is write-only: no response carries it.
import { z } from "zod";
import { common, freshRef, type CollectionDef, type Ctx } from "../collection";
import { str } from "../../shared/fields";
import { ApiFailure } from "../../shared/errors";
import { page } from "./lists";
import { rfc3339 } from "../../shared/ids";
import type { Rec } from "../../shared/store";
import { description, metadata, type JsonObject } from "../../shared/validate";

// The codes of ngrok's error reference (https://ngrok.com/docs/errors/err_ngrok_23000 and on).
// Its pages name the characters `a-zA-Z0-9_/.`; the API reference's own create examples name a
// vault "prod-vault" and a secret "db-password", so the hyphen is allowed too.
const NAME_CHARACTERS = /^[a-zA-Z0-9_/.-]+$/;
const MAX_NAME = 255;

/** A vault's or a secret's name: not empty, at most 255 bytes, of `a-zA-Z0-9_/.-` only (the message quotes the page). */
function checkName(what: "vault" | "secret", value: string): string {
  const codes = what === "vault" ? ["ERR_NGROK_23001", "ERR_NGROK_23002", "ERR_NGROK_23000"] : ["ERR_NGROK_24001", "ERR_NGROK_24002", "ERR_NGROK_24000"];
  if (value === "") throw new ApiFailure(400, codes[0], `The ${what} name cannot be empty.`);
  if (Buffer.byteLength(value, "utf8") > MAX_NAME) throw new ApiFailure(400, codes[1], `Your ${what} name must be less than ${MAX_NAME} characters.`);
  if (!NAME_CHARACTERS.test(value)) throw new ApiFailure(400, codes[2], `The ${what} name "${value}" is invalid. Must only contain the characters "a-zA-Z0-9_/.".`);
  return value;
}

function checkValue(value: string): string {
  if (value === "") throw new ApiFailure(400, "ERR_NGROK_24003", "The secret value cannot be empty.");
  return value;
}

function secretsOf(ctx: Ctx, vaultId: string): Rec[] {
  return ctx.store.all("vault_secrets").filter((s) => s.data["vault_id"] === vaultId);
}

function stamp(rec: Rec, ctx: Ctx): void {
  rec.data["updated_at"] = rfc3339(ctx.now);
  rec.data["last_updated_by"] = ctx.caller;
}

function uniqueVaultName(ctx: Ctx, value: string, self?: string): void {
  if (ctx.store.all("vaults").some((v) => v.id !== self && v.data["name"] === value)) {
    throw new ApiFailure(400, "ERR_NGROK_23004", `Vault names must be unique within an account: '${value}' is taken.`);
  }
}

export const vaults: CollectionDef = {
  kind: "vaults",
  path: "/vaults",
  prefix: "vault",
  listKey: "vaults",
  createSchema: z.strictObject({ name: z.string().optional(), description: description.optional(), metadata: metadata.optional() }),
  create(input, ctx) {
    uniqueVaultName(ctx, checkName("vault", str(input["name"])));
    const at = rfc3339(ctx.now);
    const data: JsonObject = {
      name: str(input["name"]),
      description: str(input["description"]),
      metadata: str(input["metadata"]),
      created_by: ctx.caller,
      last_updated_by: ctx.caller,
      updated_at: at,
    };
    return { data };
  },
  updateSchema: z.strictObject({ name: z.string().optional(), description: description.optional(), metadata: metadata.optional() }),
  update(rec, input, ctx) {
    if (input["name"] !== undefined) uniqueVaultName(ctx, checkName("vault", str(input["name"])), rec.id);
    Object.assign(rec.data, input);
    stamp(rec, ctx);
  },
  beforeDelete(rec, ctx) {
    if (secretsOf(ctx, rec.id).length > 0) {
      throw new ApiFailure(400, "ERR_NGROK_23003", "A Vault must be empty before it can be deleted. Remove all secrets from the vault and try again.");
    }
  },
  itemRoutes: [
    {
      method: "GET",
      path: "secrets",
      handle(rec, { query }, ctx) {
        // Newest first and paged, as every list of the API (https://ngrok.com/docs/api#pagination).
        const secrets = secretsOf(ctx, rec.id).reverse().map((s) => vaultSecrets.shape(s, ctx));
        const path = `/vaults/${rec.id}/secrets`;
        return { status: 200, body: page(secrets, "secrets", { path, base: ctx.base, prefix: "secret", query, now: ctx.now }) };
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
    throw new ApiFailure(400, "ERR_NGROK_24005", `Secret names must be unique within a vault: '${value}' is taken.`);
  }
}

/** The vault a secret names by id (ERR_NGROK_24006) or by name (ERR_NGROK_24009); one of them is required (ERR_NGROK_24008). */
function vaultOf(ctx: Ctx, id: string, name: string): string {
  if (id !== "") {
    if (ctx.store.get("vaults", id) === undefined) {
      throw new ApiFailure(400, "ERR_NGROK_24006", `Vault with ID ${id} not found.`);
    }
    return id;
  }
  if (name !== "") {
    const found = ctx.store.all("vaults").find((v) => v.data["name"] === name);
    if (found === undefined) throw new ApiFailure(400, "ERR_NGROK_24009", `Vault not found with name: ${name}`);
    return found.id;
  }
  throw new ApiFailure(400, "ERR_NGROK_24008", "Required parameter 'VaultID' is missing.");
}

export const vaultSecrets: CollectionDef = {
  kind: "vault_secrets",
  path: "/vault_secrets",
  prefix: "secret",
  listKey: "secrets",
  createSchema: z.strictObject({
    name: z.string().optional(),
    value: z.string().optional(),
    description: description.optional(),
    metadata: metadata.optional(),
    vault_id: z.string().optional(),
    vault_name: z.string().optional(),
  }),
  create(input, ctx) {
    // The vault is named by id or by name (the API takes either).
    const vaultId = vaultOf(ctx, str(input["vault_id"]), str(input["vault_name"]));
    uniqueSecretName(ctx, vaultId, checkName("secret", str(input["name"])));
    checkValue(str(input["value"]));
    const data: JsonObject = {
      name: str(input["name"]),
      value: str(input["value"]),
      description: str(input["description"]),
      metadata: str(input["metadata"]),
      vault_id: vaultId,
      created_by: ctx.caller,
      last_updated_by: ctx.caller,
      updated_at: rfc3339(ctx.now),
    };
    return { data };
  },
  // The vault is fixed at creation: not in the update body (ERR_NGROK_214).
  updateSchema: z.strictObject({
    name: z.string().optional(),
    value: z.string().optional(),
    description: description.optional(),
    metadata: metadata.optional(),
  }),
  update(rec, input, ctx) {
    if (input["name"] !== undefined) uniqueSecretName(ctx, str(rec.data["vault_id"]), checkName("secret", str(input["name"])), rec.id);
    if (input["value"] !== undefined) checkValue(str(input["value"]));
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

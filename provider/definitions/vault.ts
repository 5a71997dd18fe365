import { createdAt, description, metadata, uri, vaultName } from "./common";
import type { BoundDefinition } from "../contract";

export const vault: BoundDefinition = {
  name: "Vault",
  description:
    "A named vault of secrets that Traffic Policies read (`${secrets.get('<vault>', '<secret>')}`). " +
    "The service refuses to delete a vault that still holds secrets: a program deletes its VaultSecrets first when they name the vault's id.",
  binding: {
    kind: "collection",
    path: "/vaults",
    idPrefix: "vault",
    listKey: "vaults",
    errorHints: {
      ERR_NGROK_23004: "another vault of the account has this name: vault names are unique in the account",
      ERR_NGROK_23003: "the vault still holds secrets: delete its VaultSecrets first (a program does when they name the vault's id)",
    },
  },
  properties: {
    name: {
      type: { kind: "string", maxBytes: 255, nonEmpty: true, refine: vaultName },
      description: "The vault's name, unique in the account, of letters, digits and `_ / . -`; policies name the vault by it. Changed in place.",
      input: { api: "name", required: true, onChange: "update", unset: "clear" },
    },
    description: description("What the vault holds.", 255),
    metadata: metadata(),
    createdBy: { type: { kind: "string" }, api: "created_by", description: "Who created the vault." },
    lastUpdatedBy: { type: { kind: "string" }, api: "last_updated_by", description: "Who last changed the vault." },
    updatedAt: { type: { kind: "string" }, api: "updated_at", description: "When the vault was last changed (RFC 3339)." },
    uri,
    createdAt,
  },
  // Unique in the account: a second vault of the same name is refused.
  uniqueKey: "name",
  lookupKey: ["name"],
  example: `const vault = new ngrok.Vault("app", { name: "app-secrets" });`,
};

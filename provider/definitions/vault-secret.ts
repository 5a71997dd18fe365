import { createdAt, description, metadata, refType, uri, vaultName } from "./common";
import type { BoundDefinition } from "../contract";

export const vaultSecret: BoundDefinition = {
  name: "VaultSecret",
  description:
    "A secret in a Vault, read by Traffic Policies as `${secrets.get('<vault name>', '<secret name>')}` (`ngrok.secretRef` writes it). " +
    "The API never returns its value: the provider keeps the program's value in state, encrypted; changing it rotates the secret in place.",
  binding: {
    kind: "collection",
    path: "/vault_secrets",
    idPrefix: "secret",
    listKey: "secrets",
    errorHints: {
      ERR_NGROK_24005: "the vault already holds a secret of this name: secret names are unique in their vault",
      ERR_NGROK_24006: "vaultId refers to a resource that does not exist: check the id, or create that resource first",
    },
  },
  properties: {
    vaultId: {
      type: { kind: "string", idPrefix: "vault" },
      description: "The id of the vault that holds the secret (`vault_...`). A change moves it: a replace.",
      input: { api: "vault_id", required: true, onChange: "replace", unset: "clear", updatable: false },
      fromApi: (api, prior) => {
        const ref = api.vault as { id?: unknown } | null | undefined;
        return typeof ref?.id === "string" ? ref.id : prior.vaultId;
      },
    },
    name: {
      type: { kind: "string", maxBytes: 255, nonEmpty: true, refine: vaultName },
      description: "The secret's name, unique in its vault, of letters, digits and `_ / . -`; policies name the secret by it. Changed in place.",
      input: { api: "name", required: true, onChange: "update", unset: "clear" },
    },
    value: {
      type: { kind: "string", nonEmpty: true },
      description:
        "The secret's value. Stored encrypted in state, even when given as a plain string; the API never returns it, so a change " +
        "shows as an update and is sent in place (a rotation), and `VaultSecret.get` or a lookup has none.",
      input: { api: "value", required: true, onChange: "update", unset: "clear" },
      secret: true,
      writeOnly: true,
    },
    description: description("What the secret is for.", 255),
    metadata: metadata(),
    vaultName: { type: { kind: "string" }, api: "vault_name", description: "The name of the vault that holds the secret." },
    vault: { type: refType, api: "vault", description: "The vault that holds the secret." },
    createdBy: { type: refType, api: "created_by", description: "Who created the secret." },
    lastUpdatedBy: { type: refType, api: "last_updated_by", description: "Who last changed the secret." },
    updatedAt: { type: { kind: "string" }, api: "updated_at", description: "When the secret was last changed (RFC 3339)." },
    uri,
    createdAt,
  },
  // Unique in its vault: a second secret of the same name there is refused. A replace moves the
  // secret to another vault; the old one is deleted first, as for any kept unique key.
  uniqueKey: "name",
  lookupKey: ["vaultId", "name"],
  example: `const vault = new ngrok.Vault("app", { name: "app-secrets" });
const apiToken = new ngrok.VaultSecret("upstream-token", {
    vaultId: vault.id,
    name: "upstream-token",
    value: config.requireSecret("upstreamToken"),
});
// In a Traffic Policy: ngrok.secretRef("app-secrets", "upstream-token")`,
};

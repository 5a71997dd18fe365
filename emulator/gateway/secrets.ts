// Where `secrets.get(vault, name)` finds a value (https://ngrok.com/docs/traffic-policy/secrets/):
// the emulator's gateway reads its vaults, testPolicy the secrets its caller gives.
import type { Store } from "../shared/store";

/** A value by vault name and secret name; undefined when either does not exist. */
export interface SecretsSource {
  get(vault: string, name: string): string | undefined;
}

/** Secrets given as `{ <vault name>: { <secret name>: <value> } }` (testPolicy's `secrets` option). */
export function givenSecrets(secrets: Readonly<Record<string, Readonly<Record<string, string>>>> = {}): SecretsSource {
  return {
    get: (vault, name) => (Object.hasOwn(secrets, vault) && Object.hasOwn(secrets[vault]!, name) ? secrets[vault]![name] : undefined),
  };
}

/** The emulator's vaults and vault secrets, read at the time of each lookup. */
export function storeSecrets(store: Store): SecretsSource {
  return {
    get(vault, name) {
      const v = store.all("vaults").find((rec) => rec.data["name"] === vault);
      if (v === undefined) return undefined;
      const s = store.all("vault_secrets").find((rec) => rec.data["vault_id"] === v.id && rec.data["name"] === name);
      return typeof s?.data["value"] === "string" ? s.data["value"] : undefined;
    },
  };
}

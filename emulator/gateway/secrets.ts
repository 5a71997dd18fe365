// Where `secrets.get(vault, name)` finds a value (https://ngrok.com/docs/traffic-policy/secrets/):
// the emulator's gateway reads the account's vaults, testPolicy the secrets its caller gives.

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

/**
 * How a Traffic Policy names a vault secret, as ngrok's documentation writes it:
 * `${secrets.get('<vault name>', '<secret name>')}`. The service substitutes the value when the
 * policy runs, so the value never appears in the policy, the program or the state.
 */
import * as pulumi from "@pulumi/pulumi";

/** Names that would end the quoted argument or the expression cannot be written in it. */
function quoted(what: string, name: string): string {
  if (name === "" || /['\\{}\n\r]/.test(name)) {
    throw new TypeError(`secretRef: the ${what} name must be non-empty, without quotes, backslashes, braces or line breaks`);
  }
  return `'${name}'`;
}

function reference(vault: string, secret: string): string {
  return `\${secrets.get(${quoted("vault", vault)}, ${quoted("secret", secret)})}`;
}

/**
 * The expression a policy uses for the secret `secret` of the vault `vault` (their names, not ids):
 * a string for plain names, an Output when either is an Output (a Vault's `name`, a VaultSecret's `name`).
 */
export function secretRef(vault: string, secret: string): string;
export function secretRef(vault: pulumi.Input<string>, secret: pulumi.Input<string>): pulumi.Output<string>;
export function secretRef(vault: pulumi.Input<string>, secret: pulumi.Input<string>): string | pulumi.Output<string> {
  if (typeof vault === "string" && typeof secret === "string") return reference(vault, secret);
  return pulumi.all([vault, secret]).apply(([v, s]) => reference(v, s));
}

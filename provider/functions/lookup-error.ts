/** A lookup (`getVault`, ...) found no resource, or more than one: the message says which and what to give. */
export class LookupError extends Error {
  override readonly name = "LookupError";
}

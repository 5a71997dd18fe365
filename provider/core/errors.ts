/**
 * The provider's own failures, each explained in one line. `isExplained` tells them from a bug:
 * a host shows an explained failure's message alone, and a bug with its stack.
 */
import { ApiError, MissingApiKeyError, TransportError } from "../client/errors";
import { LostCreateError } from "../engine/recover";
import { SettingsError } from "../contract";
import { ArgumentError } from "../functions/validate";

export { ArgumentError };

/** A resource kind this version does not know (a state written by a newer release, a typo in a token). */
export class UnknownKindError extends Error {
  override readonly name = "UnknownKindError";
  constructor(readonly kind: string) {
    super(`this version of pulumi-ngrok does not know the resource kind ${kind}; upgrade the package`);
  }
}

/** A function this version does not have. */
export class UnknownFunctionError extends TypeError {
  override readonly name = "UnknownFunctionError";
  constructor(readonly functionName: string) {
    super(`this version of pulumi-ngrok has no function named ${functionName}`);
  }
}

/** An import id not of its kind's form. */
export class ImportIdError extends Error {
  override readonly name = "ImportIdError";
}

/** An operation a kind does not have (importing what is no object of the API). */
export class UnsupportedError extends Error {
  override readonly name = "UnsupportedError";
}

/** Whether `err` is one of the provider's explained failures (its message says it all), not a bug. */
export function isExplained(err: unknown): boolean {
  return [ApiError, TransportError, MissingApiKeyError, LostCreateError, SettingsError, UnknownKindError, UnknownFunctionError, ArgumentError, ImportIdError, UnsupportedError].some(
    (type) => err instanceof type,
  );
}

// Shared assertions for the emulator rule tests.
import { ApiFailure } from "../../../emulator/shared/errors";

/** Runs fn and returns the ApiFailure it throws; fails the test when it throws anything else. */
export function failureOf(fn: () => unknown): ApiFailure {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiFailure) return e;
    throw new Error(`expected an ApiFailure, got ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  }
  throw new Error("expected an ApiFailure, but the call succeeded");
}

/** Asserts fn fails with this status and error code, and that the message mentions `mentions`. */
export function expectFailure(
  fn: () => unknown,
  status: number,
  code: string | undefined,
  ...mentions: Array<string | RegExp>
): ApiFailure {
  const f = failureOf(fn);
  expect({ status: f.status, code: f.errorCode }).toEqual({ status, code });
  for (const m of mentions) expect(f.message).toMatch(m);
  return f;
}

/** For property tests: fn either returns or throws a 400 ApiFailure, nothing else. */
export function onlyBadRequest(fn: () => unknown): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof ApiFailure)) throw e;
    if (e.status !== 400) throw new Error(`expected status 400, got ${e.status}: ${e.message}`);
  }
}

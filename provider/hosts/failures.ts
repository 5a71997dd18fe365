/**
 * Check failures as Pulumi's engine gets them from either host. The engine prints a failure that
 * names a property as "property P value V has a problem", V in clear and whole: a value the
 * program wrapped in `pulumi.secret` (the dynamic provider's check receives it unwrapped), or a
 * 4 KB metadata, twice per run. A failure with no property prints only its reason. So every
 * failure goes out with no property, its message (which begins with its path) as the reason:
 * the same line, with no value, through both hosts.
 */
import type { CheckFailure } from "../contract";

export interface EngineCheckFailure {
  property: string;
  reason: string;
}

export function engineFailures(failures: readonly CheckFailure[]): EngineCheckFailure[] {
  return [...new Set(failures.map((f) => f.message))].map((reason) => ({ property: "", reason }));
}

/**
 * Which inputs each resource's program sets, by resource id, for the resources this process has
 * diffed, created or updated: a resource checked later can then see that another resource it
 * names owns what it would manage (`conflictsWith`). The engine runs all of a deployment's calls
 * to a provider in one process (the dynamic-provider host, as a native provider), and a resource
 * is checked only after the resources its inputs come from have been diffed, so a conflict with
 * an existing resource fails at preview, and one with a new resource fails at `up`, before the
 * conflicting resource is created. Read is not recorded: it sees outputs only, not the program.
 */
import type { Props, ResourceDefinition } from "../definitions/types";
import type { CheckFailure } from "./check";
import { containsUnknown, isAbsent } from "./values";

const programInputs = new Map<string, ReadonlySet<string>>();

const keyOf = (resource: string, id: string): string => `${resource}/${id}`;

/** Records the inputs the program sets for resource `id` (replacing what was known of it). */
export function recordProgramInputs(def: ResourceDefinition, id: string, news: Props): void {
  if (id === "") return;
  const set = Object.keys(news).filter((k) => !k.startsWith("__") && !isAbsent(news[k]));
  programInputs.set(keyOf(def.name, id), new Set(set));
}

/** Failures for every `conflictsWith` rule of `def` that `news` breaks, as far as this process knows. */
export function conflictFailures(def: ResourceDefinition, news: Props): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const c of def.conflictsWith ?? []) {
    const id = news[c.input];
    if (typeof id !== "string" || containsUnknown(id)) continue;
    if (!programInputs.get(keyOf(c.resource, id))?.has(c.property)) continue;
    failures.push({
      property: c.input,
      reason:
        `${c.input} names ${/^[AEIOU]/.test(c.resource) ? "an" : "a"} ${c.resource} whose program sets ${c.property}: that ${c.resource} then owns what this ` +
        `${def.name} manages, and its next update would undo it. ${c.advice}`,
    });
  }
  return failures;
}

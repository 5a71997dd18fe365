/**
 * What one provider process learns of the program it serves, across resources. The engine runs
 * all of a deployment's calls to a provider in one process (the dynamic-provider host, as a
 * native provider), and checks a resource only after the resources its inputs come from have
 * been diffed, so which inputs each resource's program sets (by resource id; recorded at diff,
 * create and update) lets a resource checked later see that another resource it names owns what
 * it would manage (`conflictsWith`): a conflict with an existing resource fails at preview, one
 * with a new resource at `up`, before the conflicting resource is created. Read is not recorded:
 * it sees outputs only, not the program. A binding keeps what it learns of the program in a part
 * of its own (`part`): the slots of the edge modules.
 * One instance serves all the handlers of a process; tests make their own.
 */
import { article } from "../words";
import type { CheckFailure, ProgramKnowledge, Props, ResourceSchema } from "../contract";
import { containsUnknown, isAbsent } from "./values";

const keyOf = (kind: string, id: string): string => `${kind}/${id}`;

export class ProgramState implements ProgramKnowledge {
  private readonly programInputs = new Map<string, ReadonlySet<string>>();
  private readonly parts = new Map<object, unknown>();

  /** What a binding keeps of the program in this process, made at its first use: one per `key`. */
  part<T>(key: object, make: () => T): T {
    if (!this.parts.has(key)) this.parts.set(key, make());
    return this.parts.get(key) as T;
  }

  /** Records the inputs the program sets for resource `id` (replacing what was known of it). */
  recordInputs(schema: ResourceSchema, id: string, news: Props): void {
    if (id === "") return;
    const set = Object.keys(news).filter((k) => !k.startsWith("__") && !isAbsent(news[k]));
    this.programInputs.set(keyOf(schema.name, id), new Set(set));
  }

  /** Failures for every `conflictsWith` rule of `schema` that `news` breaks, as far as this process knows. */
  conflictFailures(schema: ResourceSchema, news: Props): CheckFailure[] {
    const failures: CheckFailure[] = [];
    for (const c of schema.conflictsWith ?? []) {
      const id = news[c.input];
      if (typeof id !== "string" || containsUnknown(id)) continue;
      if (!this.programInputs.get(keyOf(c.resource, id))?.has(c.property)) continue;
      failures.push({
        path: c.input,
        message:
          `${c.input} names ${article(c.resource)} ${c.resource} whose program sets ${c.property}: that ${c.resource} then owns what this ` +
          `${schema.name} manages, and its next update would undo it. ${c.advice}`,
      });
    }
    return failures;
  }
}

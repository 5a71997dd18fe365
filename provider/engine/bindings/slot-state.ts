/**
 * What one provider process learns of the program's slots (edge modules, and the account's
 * singletons, one slot each), a part of its ProgramState that the slot and singleton bindings read:
 * - the slots held by the program's resources (an edge module per route) let a second resource
 *   claiming the same slot be refused;
 * - the program's name of each resource, which the SDK class of a slot sends as a hidden input
 *   (`resourceNameKey`), names both resources of a slot claimed twice. The dynamic-provider host
 *   passes no URN to the provider, so the names live in the process only, never in state;
 * - whether a slot is configured in the account comes from one read of its parent (a route's or
 *   TLS edge's GET carries all its modules), shared by the parent's slots and kept current by
 *   this process's own writes, so that checking six modules of a route costs one request.
 */
import { ApiError } from "../../client/errors";
import type { ApiObject } from "../../contract";

const keyOf = (kind: string, id: string): string => `${kind}/${id}`;

/** The input by which a slot's SDK class tells the resource's name in the program; a Check takes it out of the inputs it keeps. */
export const resourceNameKey = "__ngrokResourceName";

export class SlotState {
  private readonly slots = new Set<string>();
  /** Reads of slots' parents, by the parent's path. */
  private readonly parents = new Map<string, Promise<ApiObject | undefined>>();
  /** Slots this process configured (true) or removed (false), by parent path and field. */
  private readonly slotWrites = new Map<string, boolean>();
  /** The program's names of the resources checked with each id, by kind and id. */
  private readonly names = new Map<string, Set<string>>();

  /** A resource of the program named `name` has id `id` of `kind` (a slot it would configure). */
  recordName(kind: string, id: string, name: string): void {
    const key = keyOf(kind, id);
    const names = this.names.get(key) ?? new Set<string>();
    names.add(name);
    this.names.set(key, names);
  }

  /** The program's names of the resources with id `id` of `kind`, sorted. */
  namesOf(kind: string, id: string): string[] {
    return [...(this.names.get(keyOf(kind, id)) ?? [])].sort();
  }

  /** Claims slot `id` of `kind` for a resource of the program: false when another one holds it. */
  claimSlot(kind: string, id: string): boolean {
    const key = keyOf(kind, id);
    if (this.slots.has(key)) return false;
    this.slots.add(key);
    return true;
  }

  /** Whether a resource of the program holds slot `id` of `kind`. */
  holdsSlot(kind: string, id: string): boolean {
    return this.slots.has(keyOf(kind, id));
  }

  releaseSlot(kind: string, id: string): void {
    this.slots.delete(keyOf(kind, id));
  }

  /**
   * Whether slot `field` of the parent at `parentPath` is configured in the account, as far as
   * this process knows; undefined when the parent's answer has no such field. `read` is the
   * parent's GET, made once per parent; a parent that is gone has no slot configured.
   */
  async slotConfigured(parentPath: string, field: string, read: () => Promise<ApiObject>): Promise<boolean | undefined> {
    const written = this.slotWrites.get(`${parentPath} ${field}`);
    if (written !== undefined) return written;
    let parent = this.parents.get(parentPath);
    if (!parent) {
      parent = read().catch((err: unknown) => {
        if (err instanceof ApiError && err.notFound) return undefined;
        // Not the parent's answer: the next check asks again.
        this.parents.delete(parentPath);
        throw err;
      });
      this.parents.set(parentPath, parent);
    }
    const body = await parent;
    // A write of this process that landed while the parent was read is newer than the read.
    const since = this.slotWrites.get(`${parentPath} ${field}`);
    if (since !== undefined) return since;
    if (body === undefined) return false;
    if (!(field in body)) return undefined;
    return body[field] !== null && body[field] !== undefined;
  }

  /** This process configured (or removed) slot `field` of the parent at `parentPath`. */
  slotWritten(parentPath: string, field: string, configured: boolean): void {
    this.slotWrites.set(`${parentPath} ${field}`, configured);
  }
}

/** Two resources of the program claim one slot: named when the SDK told their names (`names`); the same message at preview and at `up`. */
export function duplicateSlot(kind: string, id: string, names: readonly string[]): string {
  const quoted = names.map((n) => `"${n}"`);
  const who = quoted.length >= 2 ? `the resources ${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}` : "two resources";
  return `${who} of this program configure the same ${kind} (${id}): keep one of them`;
}

/**
 * The operations of a kind that is a value of the program, with no object in any API (a shared
 * Traffic Policy that endpoints take): checked at preview like every kind, its outputs made from
 * its inputs through the same conversions as an API object's (each property's `toApi`, then its
 * `fromApi`), kept in the stack's state alone. Creating, updating or deleting it sends nothing;
 * what it reaches is whatever takes its outputs, which the engine then updates.
 */
import { randomUUID } from "node:crypto";
import type { CheckResult, CreateResult, DiffResult, Handler, KindContext, Props, ReadResult, ResourceDefinition, UpdateResult } from "../contract";
import { checkProgram } from "./check";
import { deprecationWarnings, inputNotes } from "./references";
import { containsUnknown, createBody, inputProperties, isAbsent, sameInput, toOutputs } from "./values";

export class ProgramValueHandler implements Handler {
  constructor(
    readonly def: ResourceDefinition,
    private readonly ctx: Pick<KindContext, "events" | "state">,
  ) {}

  async check(olds: Props, news: Props): Promise<CheckResult> {
    deprecationWarnings(this.def, news, this.ctx.events);
    return checkProgram(this.def, news, this.ctx.state.conflictFailures(this.def, news), async () => {
      inputNotes(this.def, olds, news, this.ctx.events);
      return [];
    });
  }

  async diff(_id: string, olds: Props, news: Props): Promise<DiffResult> {
    const changed: string[] = [];
    const replaces: string[] = [];
    for (const [name, prop] of inputProperties(this.def)) {
      if (prop.deprecated) continue;
      if (!containsUnknown(news[name]) && sameInput(prop, olds[name], news[name])) continue;
      changed.push(name);
      if (prop.input.onChange === "replace") replaces.push(name);
    }
    return { changes: changed.length > 0, changed, replaces, deleteBeforeReplace: false };
  }

  async create(inputs: Props): Promise<CreateResult> {
    return { id: randomUUID(), outs: this.outputsOf(inputs) };
  }

  /** The state is the value: a refresh keeps it as it is. */
  async read(id: string, props: Props = {}): Promise<ReadResult> {
    return { id, props };
  }

  async update(_id: string, _olds: Props, news: Props): Promise<UpdateResult> {
    return { outs: this.outputsOf(news) };
  }

  async delete(): Promise<void> {
    // Nothing outside the state to remove.
  }

  /** The outputs, as an API that stored the inputs would answer them. */
  private outputsOf(inputs: Props): Props {
    const known: Props = {};
    for (const [k, v] of Object.entries(inputs)) if (!isAbsent(v)) known[k] = v;
    return toOutputs(this.def, createBody(this.def, known, new Set()), known);
  }
}

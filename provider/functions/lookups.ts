/**
 * A lookup function for every resource kind, derived from its definition: `get<Kind>` finds one
 * resource by id, or by its natural key (the schema's `lookupKey`: a domain's name, a vault's
 * name), and answers its outputs. The lookups of a kind share one walk of its list (walks.ts),
 * paced by the client; an id the walk does not hold is read with a GET. None and several matches
 * fail in one line each.
 */
import { definitions } from "../definitions";
import type { BoundDefinition, Props, ReadResult } from "../contract";
import { idForm, locatingInputs } from "../engine/locate";
import { isAbsent, sameInput } from "../engine/values";
import { LookupError } from "./lookup-error";
import type { FunctionContext, FunctionDefinition, FunctionParameter, FunctionResult } from "./types";

/** The lookup function's name of a kind: `getVault`. */
export function lookupName(def: BoundDefinition): string {
  return `get${def.name}`;
}

/** The properties a lookup answers: all but secrets, which a read never has. */
function answered(def: BoundDefinition): [string, FunctionResult][] {
  return Object.entries(def.properties)
    .filter(([, p]) => !p.secret && !p.writeOnly)
    .map(([n, p]) => [n, { type: p.type, description: p.description, ...(p.present || p.input?.required ? { present: true } : {}) }]);
}

export function lookupFunction(def: BoundDefinition): FunctionDefinition {
  const keys = def.lookupKey ?? [];
  for (const k of keys) if (!def.properties[k]) throw new Error(`${def.name}: lookupKey names ${k}, which is not a property`);
  const located = locatingInputs(def);
  const name = lookupName(def);
  const inputs: Record<string, FunctionParameter> = {
    id: {
      type: { kind: "string" },
      description: `The ${def.name}'s id (\`${idForm(def)}\`).` + (keys.length ? ` Give it, or ${keyWords(keys)}.` : ""),
      required: keys.length === 0,
    },
  };
  for (const l of located) inputs[l] = { type: { kind: "string" }, description: `The ${l} the ${def.name} lives under.`, required: true };
  for (const k of keys) {
    inputs[k] = { type: def.properties[k]!.type, description: `The ${k} of the ${def.name} to find` + (keys.length > 1 ? " (every key given must match)." : ".") };
  }
  const outputs: Record<string, FunctionResult> = {
    id: { type: { kind: "string" }, description: `The ${def.name}'s id.`, present: true },
    ...Object.fromEntries(answered(def).filter(([n]) => n !== "id")),
  };
  const example = keys.length
    ? `const found = await ngrok.${name}({ ${keys.map((k) => `${k}: "..."`).join(", ")} });\nconst same = ngrok.${name}Output({ id: found.id });`
    : `const found = ngrok.${name}Output({ id: "${idForm(def)}"${located.map((l) => `, ${l}: "..."`).join("")} });`;
  return {
    name,
    kind: "lookup",
    description:
      `Finds an existing ${def.name} by its id` + (keys.length ? ` or by ${keyWords(keys)}` : "") +
      ", and answers its properties (never a secret). It fails when none matches" + (keys.length ? ", or when several do." : "."),
    inputs,
    outputs,
    example,
    run: async (ctx, args) => resultOf(await find(ctx, def, args, keys), outputs),
  };
}

function keyWords(keys: readonly string[]): string {
  return keys.length === 1 ? `its \`${keys[0]}\`` : `its ${keys.map((k) => `\`${k}\``).join(" and ")} (any of them)`;
}

async function find(ctx: FunctionContext, def: BoundDefinition, args: Props, keys: readonly string[]): Promise<ReadResult> {
  const handler = ctx.reader(def);
  const name = lookupName(def);
  const given = keys.filter((k) => !isAbsent(args[k]));
  const listed = def.listedWith ?? {};
  const ofKind = (props: Props) => Object.entries(listed).every(([k, v]) => props[k] === v);
  const matches = (props: Props) => given.every((k) => sameInput(def.properties[k]!, props[k], args[k]));
  const described = given.map((k) => `${k} ${JSON.stringify(args[k])}`).join(" and ");
  const begun = ctx.walks.begin();
  const list = JSON.stringify(locatingInputs(def).map((l) => args[l]));
  const listable = handler.pages(args) !== undefined;
  const walk = (since?: number) => ctx.walks.walk(def.name, list, () => handler.pages(args)!, since);
  // A lookup that waits on resources may look for what they made: a walk begun before it cannot have it.
  const since = ctx.fresh ? begun : undefined;
  if (typeof args.id === "string") {
    // A lookup has no program: every field the API answers, as a list item has.
    const found = (listable && ctx.readFromLists ? await walk(since).item(args.id) : undefined) ?? (await handler.read(args.id, args, true));
    if (found.id === "" || !ofKind(found.props)) throw new LookupError(`${name}: no ${def.name} has id ${args.id}`);
    if (!matches(found.props)) throw new LookupError(`${name}: the ${def.name} with id ${args.id} does not have ${described}`);
    return found;
  }
  if (given.length === 0) {
    throw new LookupError(`${name}: give id${keys.length ? ` or ${keys.join(" or ")}` : ""} to say which ${def.name} to find`);
  }
  if (!listable) throw new LookupError(`${name}: ${def.name} cannot be listed: give its id`);
  const found = await ctx.walks.matching(def.name, list, () => handler.pages(args)!, begun, ctx.fresh, (item) => ofKind(item.props) && matches(item.props));
  if (found.length === 0) throw new LookupError(`${name}: no ${def.name} has ${described}: give the id (\`${idForm(def)}\`) of an existing one`);
  if (found.length > 1) {
    const more = keys.filter((k) => !given.includes(k));
    throw new LookupError(
      `${name}: ${found.length} ${def.name} resources have ${described} (${found.map((f) => f.id).join(", ")}): give the id of the one you mean` +
        (more.length ? `, or its ${more.join(" and ")} as well` : ""),
    );
  }
  return found[0]!;
}

/** The answered properties of what was found: its outputs without secrets, and its id. */
function resultOf(found: ReadResult, outputs: Record<string, FunctionResult>): Props {
  const all: Props = { ...found.props, id: found.id };
  return Object.fromEntries(Object.keys(outputs).filter((k) => !isAbsent(all[k])).map((k) => [k, all[k]]));
}

/** Every lookup of a kind of the API (a kind with a binding), by function name. */
export function resourceLookups(): Record<string, FunctionDefinition> {
  const bound = Object.values(definitions).filter((def): def is BoundDefinition => def.binding !== undefined);
  return Object.fromEntries(bound.map((def) => [lookupName(def), lookupFunction(def)]));
}

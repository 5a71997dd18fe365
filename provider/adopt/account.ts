/**
 * What an account holds, read through the provider's own client (its pacing, retries and typed
 * errors): every object of every kind the registry binds, on both APIs, from list walks (a page
 * of 100 per request), and what is left out with one line each saying why. It only reads.
 *
 * - collections are walked page by page; a kind whose list holds other things (agents' endpoints
 *   in `/endpoints`) keeps only its own (`listedWith`);
 * - items under a parent (an edge's routes) are read from each adopted parent;
 * - slots (an edge route's modules) are read at each adopted parent's path;
 * - a singleton (the AI Gateway's configuration) is adopted unless it holds the service's defaults;
 * - a kind that another resource owns when its program sets a property (an event subscription's
 *   `sources` own its types) is adopted through that owner.
 */
import { ApiError } from "../client/errors";
import { definitions, turnedOffKinds } from "../definitions";
import type { BoundDefinition, Props, ReadResult, ResourceDefinition } from "../contract";
import type { Provider } from "../core/provider";
import { ResourceHandler } from "../engine/handler";
import { idKeys, locatingInputs, placeholders } from "../engine/locate";
import { idPrefixes, inputProperties, isAbsent, sameInput, toOutputs } from "../engine/values";

/** An object of the account: its kind, id, import id, outputs, and inputs as a program would write them. */
export interface Found {
  kind: string;
  id: string;
  /** `pulumi import`'s id: the id, or the inputs that locate it and its id joined with "/". */
  importId: string;
  props: Props;
  inputs: Props;
}

/** What was not adopted, and why, in one line. */
export interface LeftOut {
  kind: string;
  id?: string;
  why: string;
}

export interface Listing {
  found: Found[];
  left: LeftOut[];
  /** The fewest requests that read it all: one per list page, parent's item list or slot read. */
  floor: number;
}

export interface ListOptions {
  /** Only these kinds (and none when empty). */
  kinds?: ReadonlySet<string>;
  /** Called as each kind is read: how many kinds are done of how many, and what was found so far. */
  progress?: (event: { kind: string; done: number; of: number; found: number }) => void;
}

/** The bound definitions in the registry's order, parents before what lives under them. */
function boundDefinitions(): BoundDefinition[] {
  const bound = Object.values(definitions).filter((d): d is BoundDefinition => d.binding !== undefined);
  const rank = (d: BoundDefinition): number => (d.binding.kind === "collection" || d.binding.kind === "singleton" ? 0 : d.binding.kind === "sub-collection" ? 1 : 2);
  return bound.sort((a, b) => rank(a) - rank(b));
}

/** Whether `kind` reads `property` only for a program that sets it (the members of a `members` binding). */
function readOnlyWhenSet(kind: string, property: string): boolean {
  const def: ResourceDefinition | undefined = (definitions as Record<string, ResourceDefinition>)[kind];
  return def?.binding?.kind === "collection" && def.binding.members?.input === property;
}

/** The kind whose ids a reference input takes (`edgeId` -> HttpsEdge, `routeId` -> HttpsEdgeRoute). */
function referencedKind(def: BoundDefinition, input: string): string | undefined {
  const type = def.properties[input]?.type;
  if (type?.kind !== "string" || type.idPrefix === undefined) return undefined;
  const prefixes = idPrefixes(type.idPrefix);
  const owner = Object.values(definitions).find((d) => {
    const b = d.binding;
    if (!b) return false;
    const own = b.kind === "collection" ? b.idPrefix : b.kind === "sub-collection" && "idPrefix" in b.item ? b.item.idPrefix : undefined;
    return own !== undefined && prefixes.includes(own);
  });
  return owner?.name;
}

/** The inputs of a read object as a program would write them. */
export function inputsOf(def: BoundDefinition, props: Props): Props {
  const inputs: Props = {};
  for (const [name, prop] of inputProperties(def)) {
    if (prop.setBySdk || isAbsent(props[name])) continue;
    inputs[name] = props[name];
  }
  return inputs;
}

function importIdOf(def: BoundDefinition, id: string, props: Props): string {
  return [...locatingInputs(def).map((k) => String(props[k])), id].join("/");
}

/** Why a kind's list could not be read, in the program's terms (a status and an error code, never a body). */
function refusal(err: unknown): string {
  if (err instanceof ApiError) return `the API refused its list (${err.status}${err.errorCode ? ` ${err.errorCode}` : ""})`;
  return `its list could not be read (${err instanceof Error ? err.message.split("\n")[0] : String(err)})`;
}

/** Walks the account through `provider`'s clients. Fails only when the key is refused. */
export async function listAccount(provider: Provider, options: ListOptions = {}): Promise<Listing> {
  const found: Found[] = [];
  const left: LeftOut[] = [];
  const byKind = new Map<string, Found[]>();
  const aiKey = provider.settings.aiGatewayApiKey !== undefined;
  const defs = boundDefinitions().filter((d) => !options.kinds || options.kinds.has(d.name));
  const handlerOf = (def: BoundDefinition) =>
    new ResourceHandler(def, { client: () => provider.client(), aiGatewayClient: () => provider.aiGatewayClient(), clock: provider.clock });
  const keep = (def: BoundDefinition, item: ReadResult) => {
    const f: Found = { kind: def.name, id: item.id, importId: importIdOf(def, item.id, item.props), props: item.props, inputs: inputsOf(def, item.props) };
    found.push(f);
    const list = byKind.get(def.name) ?? [];
    list.push(f);
    byKind.set(def.name, list);
  };
  const skippedAi: string[] = [];
  let done = 0;
  let floor = 0;
  for (const def of defs) {
    options.progress?.({ kind: def.name, done, of: defs.length, found: found.length });
    done++;
    const binding = def.binding;
    if (binding.api === "ai-gateway" && !aiKey) {
      skippedAi.push(def.name);
      continue;
    }
    // An owner whose reads answer the owned property (a subscription's `sources`) adopts them; one that
    // reads it only for a program that sets it (an IP policy's `rules`) leaves them to their own kind.
    const owner = def.conflictsWith?.find((c) => referencedKind(def, c.input) === c.resource && !readOnlyWhenSet(c.resource, c.property));
    if (owner) {
      left.push({ kind: def.name, why: `adopted with each ${owner.resource}, as its \`${owner.property}\`` });
      continue;
    }
    const handler = handlerOf(def);
    try {
      if (binding.kind === "singleton") {
        floor++;
        const read = await handler.read(binding.id, {}, true);
        if (read.id === "") continue;
        const defaults = toOutputs(def, binding.reset, {}, true);
        const isDefault = inputProperties(def).every(([name, prop]) => sameInput(prop, defaults[name], read.props[name]));
        if (isDefault) left.push({ kind: def.name, id: read.id, why: "the account's defaults: nothing set" });
        else keep(def, read);
        continue;
      }
      if (binding.kind === "collection") {
        if (!binding.listKey) {
          left.push({ kind: def.name, why: "its API has no list to walk: adopt each one by id" });
          continue;
        }
        for await (const page of handler.pages({})!) {
          floor++;
          for (const item of page) {
            const other = Object.entries(def.listedWith ?? {}).find(([k, v]) => item.props[k] !== v);
            if (other) {
              left.push({ kind: def.name, id: item.id, why: `an agent's own endpoint (${other[0]} ${JSON.stringify(item.props[other[0]])}): its agent makes and removes it` });
              continue;
            }
            keep(def, item);
          }
        }
        continue;
      }
      // Under a parent: the parents are read first (the registry's order puts them first).
      const located = locatingInputs(def).length > 0 ? locatingInputs(def) : placeholders(binding.path);
      const last = located[located.length - 1]!;
      const parentKind = referencedKind(def, last);
      const parents = parentKind ? (byKind.get(parentKind) ?? []) : [];
      for (const parent of parents) {
        const inputs: Props = {};
        for (const k of located) inputs[k] = k === last ? parent.id : parent.props[k];
        if (binding.kind === "sub-collection") {
          for await (const page of handler.pages(inputs)!) {
            floor++;
            for (const item of page) keep(def, { id: item.id, props: { ...inputs, ...item.props } });
          }
        } else {
          const keys = idKeys(binding) ?? located;
          const id = keys.map((k) => String(inputs[k])).join("/");
          floor++;
          const read = await handler.read(id, inputs, true);
          if (read.id !== "") keep(def, { id: read.id, props: { ...inputs, ...read.props } });
        }
      }
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403) && !turnedOffKinds.has(def.name as never)) throw err;
      const why = turnedOffKinds.has(def.name as never) ? `ngrok turned it off (${refusal(err)})` : refusal(err);
      left.push({ kind: def.name, why });
    }
  }
  if (skippedAi.length) left.push({ kind: skippedAi.join(", "), why: "on the AI Gateway API, not read: set NGROK_AI_GATEWAY_API_KEY (an ngrok.ai API key) to adopt them" });
  options.progress?.({ kind: "", done, of: defs.length, found: found.length });
  return { found, left, floor };
}

/** The property names of `def` that hold ids of other objects, with the kinds they may name. */
export function referenceInputs(def: BoundDefinition): { name: string; many: boolean; prefixes: readonly string[] }[] {
  const out: { name: string; many: boolean; prefixes: readonly string[] }[] = [];
  for (const [name, prop] of inputProperties(def)) {
    const t = prop.type;
    if (t.kind === "string" && t.idPrefix !== undefined) out.push({ name, many: false, prefixes: idPrefixes(t.idPrefix) });
    else if (t.kind === "array" && t.items.kind === "string" && t.items.idPrefix !== undefined) out.push({ name, many: true, prefixes: idPrefixes(t.items.idPrefix) });
  }
  return out;
}

export { boundDefinitions, referencedKind };

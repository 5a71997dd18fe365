/**
 * Terraform, on ngrok's own provider: its state read into this provider's kinds and ids (each
 * with its Terraform address), and the mapping `pulumi convert --from terraform` asks the plugin
 * for (GetMapping, key `terraform`) in the form Pulumi's Terraform converter reads: the bridge's
 * marshalled provider info, `MarshallableProviderInfo` of github.com/pulumi/pulumi-terraform-bridge
 * (`provider`: the Terraform schema; `resources`/`dataSources`: each type's token and the
 * properties whose names are not the attributes' camelCase).
 */
import { definitions } from "../definitions";
import { camel, terraformDataSources, terraformProviderConfig, terraformResources, type TfAttribute } from "./terraform-schema";

/** One resource instance of a state: its address, type, and id. */
export interface StateEntry {
  address: string;
  type: string;
  id: string;
  /** This provider's kind, when the type has one. */
  kind?: string;
}

export interface StateReading {
  entries: StateEntry[];
  /** What the state holds that is not adopted, one line each. */
  left: string[];
}

/** A state file this command cannot read, in one line. */
export class StateFileError extends Error {
  override readonly name = "StateFileError";
}

interface StateFile {
  version?: number;
  resources?: {
    module?: string;
    mode?: string;
    type?: string;
    name?: string;
    provider?: string;
    instances?: { index_key?: string | number; attributes?: Record<string, unknown> }[];
  }[];
}

/** A state's resources (format version 4, as Terraform 0.12 and later and OpenTofu write it). */
export function readState(text: string, file: string): StateReading {
  let state: StateFile;
  try {
    state = JSON.parse(text) as StateFile;
  } catch {
    throw new StateFileError(`${file} is not a Terraform state: it is not JSON`);
  }
  if (typeof state !== "object" || state === null || state.version !== 4 || !Array.isArray(state.resources)) {
    throw new StateFileError(`${file} is not a Terraform state of format version 4 (Terraform 0.12 or later)`);
  }
  const entries: StateEntry[] = [];
  const left: string[] = [];
  for (const r of state.resources) {
    const base = `${r.module ? `${r.module}.` : ""}${r.mode === "data" ? "data." : ""}${r.type}.${r.name}`;
    const ngrok = typeof r.provider === "string" && /\/ngrok\/ngrok"?\]?$/.test(r.provider.replace(/\\"/g, '"'));
    if (!ngrok) {
      left.push(`${base}: not of ngrok's provider (${r.provider ?? "no provider"})`);
      continue;
    }
    if (r.mode === "data") {
      const fn = terraformDataSources[r.type ?? ""];
      left.push(`${base}: a data source reads, it manages nothing${fn ? ` (in Pulumi: ${fn})` : ""}`);
      continue;
    }
    const mapped = terraformResources[r.type ?? ""];
    for (const instance of r.instances ?? []) {
      const key = instance.index_key === undefined ? "" : `[${JSON.stringify(instance.index_key)}]`;
      const address = base + key;
      const id = instance.attributes?.id;
      if (!mapped) {
        left.push(`${address}: ${r.type} has no counterpart in this provider`);
        continue;
      }
      if (typeof id !== "string" || id === "") {
        left.push(`${address}: its state holds no id`);
        continue;
      }
      entries.push({ address, type: r.type!, id, kind: mapped.kind });
    }
  }
  return { entries, left };
}

type ValueType = 1 | 2 | 3 | 4 | 5 | 6;
/** The bridge's value types (tfshim ValueType): bool 1, int 2, float 3, string 4, list 5, map 6. */
const valueTypes: Record<TfAttribute["type"], ValueType> = { bool: 1, number: 2, string: 4, list: 5, object: 6 };

interface ShimSchema {
  type: ValueType;
  optional?: boolean;
  required?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  maxItems?: number;
  element?: { schema?: ShimSchema; resource?: Record<string, ShimSchema> };
}

interface InfoSchema {
  name?: string;
  fields?: Record<string, InfoSchema>;
  element?: InfoSchema;
  maxItemsOne?: boolean;
  secret?: boolean;
}

function shim(attr: TfAttribute, forData = false): ShimSchema {
  const mode = forData ? "computed" : attr.mode;
  const s: ShimSchema = { type: valueTypes[attr.type], ...(mode === "required" ? { required: true } : mode === "optional" ? { optional: true } : { computed: true }) };
  if (attr.sensitive) s.sensitive = true;
  if (attr.type === "list" && attr.items === "string") s.element = { schema: { type: 4 } };
  else if (attr.type === "list" && attr.items && typeof attr.items !== "string") s.element = { resource: shimAll(attr.items, forData) };
  // A nested object is a list of at most one (its info says maxItemsOne), which every Terraform
  // converter reads as an object; a map of a resource would be a map of objects to Pulumi's older one.
  else if (attr.type === "object" && attr.attributes) Object.assign(s, { type: valueTypes.list, maxItems: 1, element: { resource: shimAll(attr.attributes, forData) } });
  return s;
}

function shimAll(attrs: Record<string, TfAttribute>, forData = false): Record<string, ShimSchema> {
  return Object.fromEntries(Object.entries(attrs).map(([k, a]) => [k, shim(a, forData)]));
}

/** The names Pulumi's bridge would not derive from the attributes (another name, a list), and nested objects' names, below. */
function fields(attrs: Record<string, TfAttribute>): Record<string, InfoSchema> {
  const out: Record<string, InfoSchema> = {};
  for (const [k, a] of Object.entries(attrs)) {
    const info: InfoSchema = {};
    // Pulumi's bridge names a list attribute in the plural unless told (acl → acls): this provider's keep Terraform's.
    if (a.pulumi || a.type === "list") info.name = a.pulumi ?? camel(k);
    if (a.type === "object" && a.attributes) {
      // A single nested attribute: an object in Pulumi, not a list of one, each of its attributes
      // named (the converter keeps the keys of an object it has no names for as Terraform wrote them).
      info.maxItemsOne = true;
      info.fields = fields(a.attributes);
      for (const [k2, a2] of Object.entries(a.attributes)) info.fields[k2] = { name: a2.pulumi ?? camel(k2), ...info.fields[k2] };
    }
    if (a.type === "list" && a.items && typeof a.items !== "string") {
      const below = fields(a.items);
      if (Object.keys(below).length) info.element = { fields: below };
    }
    if (a.sensitive) info.secret = true;
    if (Object.keys(info).length) out[k] = info;
  }
  return out;
}

/** The mapping `GetMapping(key: "terraform", provider: "ngrok")` answers, as JSON. */
export function terraformMapping(version: string): string {
  const resources: Record<string, { tok: string; fields: Record<string, InfoSchema>; idFields: string[] }> = {};
  for (const [type, r] of Object.entries(terraformResources)) {
    if (!(r.kind in definitions)) continue;
    resources[type] = { tok: `ngrok:index:${r.kind}`, fields: fields(r.attributes), idFields: ["id"] };
  }
  const dataSources: Record<string, { tok: string; fields: Record<string, InfoSchema> }> = {};
  const dataShims: Record<string, Record<string, ShimSchema>> = {};
  for (const [type, fn] of Object.entries(terraformDataSources)) {
    if (!fn) continue;
    const r = terraformResources[type];
    if (!r) continue;
    dataSources[type] = { tok: `ngrok:index:${fn}`, fields: fields(r.attributes) };
    dataShims[type] = { ...shimAll(r.attributes, true), id: { type: 4, required: true } };
  }
  const info = {
    provider: {
      schema: shimAll(terraformProviderConfig),
      resources: Object.fromEntries(Object.entries(terraformResources).map(([t, r]) => [t, shimAll(r.attributes)])),
      dataSources: dataShims,
    },
    name: "ngrok",
    version,
    config: Object.fromEntries(Object.keys(terraformProviderConfig).map((k) => [k, { name: camel(k) }])),
    resources,
    dataSources,
  };
  return JSON.stringify(info);
}

/** Attributes of ngrok's Terraform types that no input of this provider takes, one line each. */
export function unmappedAttributes(): string[] {
  const lines: string[] = [];
  const walk = (type: string, prefix: string, attrs: Record<string, TfAttribute>) => {
    for (const [k, a] of Object.entries(attrs)) {
      if (a.none) lines.push(`${type}.${prefix}${k}: ${a.none}`);
      if (a.attributes) walk(type, `${prefix}${k}.`, a.attributes);
      if (a.items && typeof a.items !== "string") walk(type, `${prefix}${k}[].`, a.items);
    }
  };
  for (const [type, r] of Object.entries(terraformResources)) walk(type, "", r.attributes);
  return lines;
}

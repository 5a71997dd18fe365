/**
 * An adoption: the objects to bring under code, each with a resource name a person can read
 * (from its domain, url, name or description, never from a secret), unique and stable (a tie is
 * broken by the object's own id, not by the order of the list), the references between them (a
 * rule's `ipPolicyId`, an endpoint's domain, a secret's vault), and the secrets the program must
 * take from stack config because the API never answers them or because code must not hold them.
 */
import { definitions } from "../definitions";
import type { BoundDefinition, Props } from "../contract";
import { isAbsent } from "../engine/values";
import { type Found, referenceInputs } from "./account";

/** A value of the program that is not a literal. */
export type Ref =
  /** Another adopted resource's id (`vault.id`). */
  | { ref: "id"; target: string }
  /** A URL on an adopted domain (`https://${domain.domain}/...`). */
  | { ref: "domain"; target: string; before: string; after: string }
  /** A secret the program reads from stack config. */
  | { ref: "config"; key: string; object: boolean };

export interface Adopted extends Found {
  /** The resource's name in the program and the state (`reserved-domain-app-example-com`). */
  name: string;
  /** Where its Terraform state had it (`module.x.ngrok_domain.app`), when adopted from one. */
  terraformAddress?: string;
  /** Inputs whose value is another resource or a config read, by property (a path below it for a policy's credential). */
  refs: { path: (string | number)[]; value: Ref }[];
}

/** A secret the user must set as stack config before `up`. */
export interface SecretNote {
  resource: string;
  kind: string;
  property: string;
  key: string;
  /** The API never answers it (a vault secret's value, a TLS key): only the user has it. */
  unreadable: boolean;
}

export interface Plan {
  adopted: Adopted[];
  secrets: SecretNote[];
}

export interface Filters {
  kinds?: ReadonlySet<string>;
  ids?: ReadonlySet<string>;
  /** Substrings the description must hold (any of them). */
  description?: readonly string[];
  /** Substrings the metadata must hold (any of them). */
  metadata?: readonly string[];
}

/** Whether an object passes the filters (each filter given must pass). */
export function selected(f: Found, filters: Filters): boolean {
  if (filters.kinds && !filters.kinds.has(f.kind)) return false;
  if (filters.ids && !filters.ids.has(f.id) && !filters.ids.has(f.importId)) return false;
  const has = (value: unknown, wanted: readonly string[] | undefined) => !wanted || (typeof value === "string" && wanted.some((w) => value.includes(w)));
  return has(f.props.description, filters.description) && has(f.props.metadata, filters.metadata);
}

const def = (kind: string) => definitions[kind as keyof typeof definitions] as BoundDefinition;

/** kebab-case of a kind's name: `IpPolicyRule` -> `ip-policy-rule`. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Z])([A-Z][a-z])/g, "$1-$2").toLowerCase();
}

function slug(text: string): string {
  return text
    .replace(/^[a-z]+:\/\//i, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
}

/** What names an object for a person: its natural key (a referenced parent by its own label), else its description or name. */
function label(f: Found, labels: ReadonlyMap<string, string>): string {
  const d = def(f.kind);
  const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
  const keyed = (d.lookupKey ?? []).map((k) => {
    if (d.properties[k]?.secret) return undefined;
    const v = f.props[k];
    const isRef = d.properties[k]?.type.kind === "string" && (d.properties[k]!.type as { idPrefix?: unknown }).idPrefix !== undefined;
    return isRef && typeof v === "string" ? labels.get(v) : text(v);
  });
  const description = text(f.props.description);
  // A rule or a secret is named by its parent and its own key; a key alone may say less than its description.
  if (keyed.length > 0 && keyed.every((k) => k !== undefined)) return keyed.join("-");
  return description ?? text(f.props.name) ?? f.id.slice(-8);
}

/** Names every object: `<kind>-<label>`, unique by the object's own id where labels tie. */
export function nameAll(found: readonly Found[]): Map<Found, string> {
  const labels = new Map<string, string>();
  // Parents first (no natural key names another object), so that children take their labels.
  const order = [...found].sort((a, b) => referenceInputs(def(a.kind)).length - referenceInputs(def(b.kind)).length);
  for (const f of order) labels.set(f.id, slug(label(f, labels)) || slug(f.id));
  const names = new Map<Found, string>();
  const counts = new Map<string, number>();
  const base = (f: Found) => `${kebab(f.kind)}-${labels.get(f.id)}`;
  for (const f of found) counts.set(base(f), (counts.get(base(f)) ?? 0) + 1);
  const taken = new Set<string>();
  for (const f of found) {
    let name = base(f);
    if (counts.get(name)! > 1) name = `${name}-${slug(f.id.split("_").pop() ?? f.id).slice(-6)}`;
    while (taken.has(name)) name = `${base(f)}-${slug(f.id)}`;
    taken.add(name);
    names.set(f, name);
  }
  return names;
}

/** Splits `https://host:port/path` into its host and the text around it. */
function urlHost(value: string): { before: string; host: string; after: string } | undefined {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/:?#]+)(.*)$/i.exec(value);
  return m ? { before: m[1]!, host: m[2]!.toLowerCase(), after: m[3]! } : undefined;
}

/** Paths of `trafficPolicySecrets` (`onHttpRequest[0].actions[0].config.credentials[0]`) as path parts. */
function secretPath(path: string): (string | number)[] {
  return path.split(/\.|(?=\[)/).filter((p) => p !== "").map((p) => (/^\[\d+\]$/.test(p) ? Number(p.slice(1, -1)) : p));
}

/** The adoption of the selected objects: names, references and secrets. */
export function planAdoption(found: readonly Found[], addresses: ReadonlyMap<string, string> = new Map()): Plan {
  const names = nameAll(found);
  const byId = new Map(found.map((f) => [f.id, f]));
  const domains = new Map<string, Found>();
  for (const f of found) {
    const d = def(f.kind);
    if ((d.lookupKey ?? []).includes("domain") && typeof f.props.domain === "string" && !domains.has(f.props.domain.toLowerCase())) domains.set(f.props.domain.toLowerCase(), f);
  }
  const secrets: SecretNote[] = [];
  const adopted: Adopted[] = found.map((f) => {
    const d = def(f.kind);
    const name = names.get(f)!;
    const refs: Adopted["refs"] = [];
    for (const r of referenceInputs(d)) {
      const value = f.inputs[r.name];
      const target = (id: unknown) => (typeof id === "string" && byId.get(id) && byId.get(id) !== f ? names.get(byId.get(id)!) : undefined);
      if (r.many && Array.isArray(value)) value.forEach((id, i) => { const t = target(id); if (t) refs.push({ path: [r.name, i], value: { ref: "id", target: t } }); });
      else { const t = target(value); if (t) refs.push({ path: [r.name], value: { ref: "id", target: t } }); }
    }
    for (const [prop, spec] of Object.entries(d.properties)) {
      if (!spec.input || spec.setBySdk) continue;
      const value = f.inputs[prop];
      if (spec.type.kind === "string" && typeof value === "string" && !spec.type.idPrefix) {
        const u = urlHost(value);
        const on = u && domains.get(u.host);
        if (u && on && on !== f) refs.push({ path: [prop], value: { ref: "domain", target: names.get(on)!, before: u.before, after: u.after } });
      }
      if (!spec.secret) continue;
      const key = `${name}-${kebab(prop)}`;
      const unreadable = spec.writeOnly === true;
      if (unreadable && !spec.input.required && isAbsent(value)) continue;
      if (!unreadable && isAbsent(value)) continue;
      refs.push({ path: [prop], value: { ref: "config", key, object: spec.type.kind === "object" || spec.type.kind === "map" } });
      secrets.push({ resource: name, kind: f.kind, property: prop, key, unreadable });
    }
    // A policy's credentials: kept out of the policy's plain form; the program reads each from config.
    const policySecrets = f.props.trafficPolicySecrets;
    if (policySecrets && typeof policySecrets === "object" && d.properties.trafficPolicySecrets?.setBySdk) {
      Object.keys(policySecrets as Props).forEach((path, i) => {
        const key = `${name}-policy-secret-${i + 1}`;
        refs.push({ path: ["trafficPolicy", ...secretPath(path)], value: { ref: "config", key, object: false } });
        secrets.push({ resource: name, kind: f.kind, property: `trafficPolicy.${path}`, key, unreadable: false });
      });
    }
    const address = addresses.get(f.id);
    return { ...f, name, refs, ...(address ? { terraformAddress: address } : {}) };
  });
  return { adopted, secrets };
}

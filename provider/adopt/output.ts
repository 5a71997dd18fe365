/**
 * What an adoption writes: the bulk import file `pulumi import --file` reads (the plugin door:
 * Pulumi generates the program in the stack's language, and refers to another imported resource
 * wherever a value is its id), and the TypeScript program of the dynamic door, one resource per
 * object with `importId`, which this command writes itself.
 */
import type { Adopted, Plan, Ref, SecretNote } from "./plan";

/** Resource type tokens of the plugin (`ngrok:index:<Kind>`), as schema.json writes them. */
export const typeToken = (kind: string): string => `ngrok:index:${kind}`;

export interface ImportFile {
  resources: {
    type: string;
    name: string;
    id: string;
    version?: string;
    /** Where its Terraform state had it; `pulumi import` reads no such field and leaves it be. */
    terraformAddress?: string;
  }[];
}

/** The bulk import file: parents before what refers to them. */
export function importFile(plan: Plan, version?: string): ImportFile {
  return {
    resources: ordered(plan.adopted).map((a) => ({
      type: typeToken(a.kind),
      name: a.name,
      id: a.importId,
      ...(version ? { version } : {}),
      ...(a.terraformAddress ? { terraformAddress: a.terraformAddress } : {}),
    })),
  };
}

/** The adopted resources, each after those it refers to (a cycle keeps the list's order). */
export function ordered(adopted: readonly Adopted[]): Adopted[] {
  const byName = new Map(adopted.map((a) => [a.name, a]));
  const out: Adopted[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (a: Adopted) => {
    if (state.get(a.name)) return;
    state.set(a.name, "visiting");
    for (const r of a.refs) {
      const t = r.value.ref === "config" ? undefined : byName.get(r.value.target);
      if (t && state.get(t.name) !== "visiting") visit(t);
    }
    state.set(a.name, "done");
    out.push(a);
  };
  adopted.forEach(visit);
  return out;
}

/** A TypeScript identifier for a resource name: `reserved-domain-app` -> `reservedDomainApp`. */
export function variableName(name: string): string {
  const camel = name.replace(/-+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9_$]/g, "_");
  return /^[0-9]/.test(camel) ? `_${camel}` : camel;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A value as TypeScript, with the references of `refs` (by path below the value) written as code. */
function render(value: unknown, refs: ReadonlyMap<string, Ref>, path: (string | number)[], indent: string): string {
  const ref = refs.get(JSON.stringify(path));
  if (ref) {
    if (ref.ref === "id") return `${variableName(ref.target)}.id`;
    if (ref.ref === "domain") return `pulumi.interpolate\`${escapeTemplate(ref.before)}\${${variableName(ref.target)}.domain}${escapeTemplate(ref.after)}\``;
    return `config.${ref.object ? "requireSecretObject" : "requireSecret"}(${JSON.stringify(ref.key)})`;
  }
  const inner = indent + "    ";
  // Absent from what the API answered, present in the program: a container of secrets from config.
  if (value === undefined || value === null) {
    const next = below(refs, path);
    if (next.length > 0) value = typeof next[0] === "number" ? [] : {};
  }
  if (Array.isArray(value)) {
    // A secret read from config may stand past the end of a list the read answered without it.
    const length = Math.max(value.length, ...below(refs, path).filter((k): k is number => typeof k === "number").map((k) => k + 1));
    if (length === 0) return "[]";
    const items = Array.from({ length }, (_, i) => render(value[i], refs, [...path, i], inner));
    const flat = `[${items.join(", ")}]`;
    return flat.length < 80 && !flat.includes("\n") ? flat : `[\n${items.map((i) => inner + i).join(",\n")},\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const keys = new Set(Object.keys(value));
    for (const k of below(refs, path)) if (typeof k === "string") keys.add(k);
    if (keys.size === 0) return "{}";
    const entries = [...keys].map((k) => `${inner}${IDENT.test(k) ? k : JSON.stringify(k)}: ${render((value as Record<string, unknown>)[k], refs, [...path, k], inner)}`);
    return `{\n${entries.join(",\n")},\n${indent}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

/** The keys just below `path` that references stand at or under (a value the read answered without them). */
function below(refs: ReadonlyMap<string, Ref>, path: (string | number)[]): (string | number)[] {
  const prefix = JSON.stringify(path);
  return [...refs.keys()]
    .map((k) => JSON.parse(k) as (string | number)[])
    .filter((p) => p.length > path.length && JSON.stringify(p.slice(0, path.length)) === prefix)
    .map((p) => p[path.length]!);
}

function escapeTemplate(text: string): string {
  return text.replace(/[`\\]/g, (c) => `\\${c}`).replace(/\$\{/g, "\\${");
}

/** The dynamic door's program: one resource per object, each adopted by `importId` at the first `up`. */
export function typescriptProgram(plan: Plan, packageName = "pulumi-ngrok"): string {
  const lines: string[] = [
    "// Written by `pulumi-ngrok adopt`: every resource adopts its object at the first `up` (importId),",
    "// which changes nothing in the account; remove the importId lines after it.",
    'import * as pulumi from "@pulumi/pulumi";',
    `import * as ngrok from ${JSON.stringify(packageName)};`,
    "",
    "const config = new pulumi.Config();",
  ];
  if (plan.secrets.length === 0) lines.push("void config;");
  for (const a of ordered(plan.adopted)) {
    const refs = new Map(a.refs.map((r) => [JSON.stringify(r.path), r.value]));
    const args: Record<string, unknown> = { importId: a.importId, ...a.inputs };
    const keys = new Set(Object.keys(args));
    for (const r of a.refs) if (typeof r.path[0] === "string") keys.add(r.path[0]);
    const body = [...keys].map((k) => `    ${IDENT.test(k) ? k : JSON.stringify(k)}: ${render(args[k], refs, [k], "    ")},`);
    lines.push("");
    if (a.terraformAddress) lines.push(`// terraform: ${a.terraformAddress}`);
    lines.push(`export const ${variableName(a.name)} = new ngrok.${a.kind}(${JSON.stringify(a.name)}, {`, ...body, "});");
  }
  return lines.join("\n") + "\n";
}

/** The lines telling what to set before `up`: one per secret, with its `pulumi config set` command. */
export function secretLines(secrets: readonly SecretNote[]): string[] {
  return secrets.map(
    (s) =>
      `  pulumi config set --secret ${s.key}    # ${s.kind} ${s.resource}: ${s.property}` +
      (s.unreadable ? " (the API never answers it: only you have it)" : " (kept out of the code: copy it from the account)"),
  );
}

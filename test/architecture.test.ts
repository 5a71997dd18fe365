/**
 * The shape of the code. The modules of the provider, the SDK, the emulator and the clock load in
 * one direction: no two of them import each other, directly or through others (only run-time
 * imports count: `import type` is erased by the compiler, so it never makes modules load each
 * other). The core, the hosts and the handler serve every kind alike: none names one.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import { importCycles, importGraph, importsInto, runtimeImports, sourceFiles } from "./support/imports";

const root = path.resolve(__dirname, "..");

it("no import cycle across clock/, provider/, sdk/ and emulator/", () => {
  const files = sourceFiles(root, ["clock", "provider", "sdk", "emulator"]);
  expect(files).toContain("provider/gen/render.ts");
  const cycles = importCycles(importGraph(root, files)).map((c) => `import cycle: ${c.join(" -> ")}`);
  expect(cycles).toEqual([]);
});

it("a cycle through require() or a re-export is found and named; a type-only import is not one", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imports-"));
  try {
    const write = (file: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write("src/a.ts", `import { b } from "./b";\nexport const a = () => b;\n`);
    write("src/b.ts", `export { c as b } from "./deep";\n`);
    write("src/deep/index.ts", `export const c = () => (require("../a") as { a: unknown }).a;\n`);
    write("src/x.ts", `import type { Y } from "./y";\nimport { type Z } from "./z";\nexport type X = Y | Z;\n`);
    write("src/y.ts", `import { x } from "./x";\nexport type Y = typeof x;\n`);
    write("src/z.ts", `export type { X as Z } from "./x";\n`);
    const graph = importGraph(dir, sourceFiles(dir, ["src"]));
    expect(importCycles(graph)).toEqual([["src/a.ts", "src/b.ts", "src/deep/index.ts", "src/a.ts"]]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("the handler runs one flow for every kind: it names no kind of resource or binding, and no field of a binding", () => {
  const source = fs.readFileSync(path.join(root, "provider/engine/handler.ts"), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  const kinds = Object.keys((require("../provider/definitions") as typeof import("../provider/definitions")).definitions);
  const named = [
    ...["collection", "slot", "sub-collection"].filter((k) => source.includes(`"${k}"`)),
    ...kinds.filter((k) => new RegExp(`["'\`]${k}["'\`]`).test(source)),
    ...["binding", "listKey", "idPrefix", "keyed", "listedIn", "parent."].filter((f) => source.includes(`.${f}`)),
  ];
  expect(named).toEqual([]);
});

it("the emulator imports nothing from provider/ or sdk/, not even a type: it is the oracle the provider is tested against", () => {
  expect(importsInto(root, "emulator", ["provider", "sdk"], ["pulumi-ngrok"])).toEqual([]);
});

it("an import into provider/ or sdk/ is found however it is written", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imports-"));
  // Spelled in parts, so that this file names no path above its own directory.
  const up = "../";
  try {
    const write = (file: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write("emulator/a.ts", `import type { P } from "${up}provider/policy";\nexport const a = (): P => require("${up}sdk/policy") as P;\n`);
    write("emulator/deep/b.ts", `export { c } from "${up}${up}provider";\nexport type D = import("${up}${up}sdk").D;\nimport "pulumi-ngrok/provider";\n`);
    write("emulator/c.ts", `import { z } from "zod";\nimport { a } from "./a";\nimport { x } from "${up}providers";\nexport const c = [z, a, x];\n`);
    expect(importsInto(dir, "emulator", ["provider", "sdk"], ["pulumi-ngrok"])).toEqual([
      `emulator/a.ts -> ${up}provider/policy`,
      `emulator/a.ts -> ${up}sdk/policy`,
      `emulator/deep/b.ts -> ${up}${up}provider`,
      `emulator/deep/b.ts -> ${up}${up}sdk`,
      "emulator/deep/b.ts -> pulumi-ngrok/provider",
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Every kind's name: the registry's, read from the built-in list of definitions. */
const kinds = (): string[] => Object.keys((require("../provider/definitions") as typeof import("../provider/definitions")).definitions);

/** The texts of a source's string literals and template parts (comments are not literals). */
function stringLiterals(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The kinds that `files` (relative to `dir`) name in a string literal, as "file: Kind". */
function kindsNamed(dir: string, files: readonly string[], names: readonly string[]): string[] {
  return files.flatMap((f) => {
    const literals = stringLiterals(f, fs.readFileSync(path.join(dir, f), "utf8"));
    return names.filter((k) => literals.some((l) => new RegExp(`\\b${k}\\b`).test(l))).map((k) => `${f}: ${k}`);
  });
}

it("the hosts and the core serve every kind alike: neither names one in a string", () => {
  const files = sourceFiles(root, ["provider/hosts", "provider/core"]);
  expect(files).toEqual(expect.arrayContaining(["provider/hosts/dynamic.ts", "provider/hosts/plugin/server.ts", "provider/core/provider.ts"]));
  expect(kindsNamed(root, files, kinds())).toEqual([]);
});

it("a kind named in a string or a template is found; one in a comment or an identifier is not", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinds-"));
  try {
    fs.writeFileSync(path.join(dir, "a.ts"), `// Credential\nconst Credential = 1;\nexport const x = kind === "AgentCommand" ? \`ngrok:index:\${Credential}\` : \`a \${kind} Vault\`;\n`);
    expect(kindsNamed(dir, ["a.ts"], ["AgentCommand", "Credential", "Vault", "VaultSecret"])).toEqual(["a.ts: AgentCommand", "a.ts: Vault"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A word that is an action's type and also means something else where it is written: a decision
 * (`deny`), an IP policy rule's or a user-agent filter's field, the emulator's CLI flag, an edge
 * module. These are not the action named.
 */
const OTHER_MEANINGS: ReadonlySet<string> = new Set([
  "emulator/gateway/actions/restrict-ips.ts: deny",
  "emulator/gateway/actions/owasp-crs.ts: deny",
  "emulator/api/gateway-account.ts: deny",
  "emulator/api/edges/modules.ts: deny",
  "emulator/api/collections/ip-policies.ts: deny",
  "emulator/cli.ts: rate-limit",
  "emulator/api/collections/unsupported.ts: oauth",
]);

it("an action is one file and one line of the catalogue, and its type is written only in its file", () => {
  const { ACTIONS } = require("../emulator/gateway/actions") as typeof import("../emulator/gateway/actions");
  const catalogue = require("../emulator/gateway/actions/catalogue") as Record<string, { type: string }>;
  const lines = fs.readFileSync(path.join(root, "emulator/gateway/actions/catalogue.ts"), "utf8").split("\n").filter((l) => l.startsWith("export"));
  // Each line exports one file's actions: the file of each action, by its export's name.
  const fileOf = new Map<string, string>();
  for (const line of lines) {
    const m = /^export \{ ([\w, ]+) \} from "\.\/([\w-]+)";$/.exec(line);
    expect(m).not.toBeNull();
    for (const name of m![1]!.split(", ")) fileOf.set(catalogue[name]!.type, `emulator/gateway/actions/${m![2]}.ts`);
  }
  expect([...fileOf.keys()].sort()).toEqual(Object.keys(ACTIONS).sort());
  const lineFiles = lines.map((l) => /"\.\/([\w-]+)"/.exec(l)?.[1]);
  expect(new Set(lineFiles).size).toBe(lineFiles.length);
  const files = [...sourceFiles(root, ["emulator"]), "test/support/traffic-policy-support.ts"];
  const literals = new Map(files.map((f) => [f, stringLiterals(f, fs.readFileSync(path.join(root, f), "utf8"))]));
  const elsewhere = [...fileOf].flatMap(([type, own]) =>
    files.filter((f) => f !== own && literals.get(f)!.includes(type) && !OTHER_MEANINGS.has(`${f}: ${type}`)).map((f) => `${f}: ${type}`),
  );
  expect(elsewhere).toEqual([]);
  expect([...fileOf].filter(([type, own]) => !literals.get(own)!.includes(type)).map(([type]) => type)).toEqual([]);
});

/**
 * The emulator's services, bottom first (emulator/README.md): each imports only shared/ and the
 * services before it; shared/ imports no service. index.ts and cli.ts, at the root, start them all.
 */
const SERVICES = ["gateway", "ai-gateway", "api", "ai-gateway-api"] as const;

/** Imports, type-only ones too, that break `order` under `dir`/emulator: "importer -> specifier (why)". */
function serviceOrderBreaks(dir: string, order: readonly string[]): string[] {
  /** The folder under emulator/ a file is in; undefined for the root's files. */
  const folder = (file: string): string | undefined => (file.split("/").length > 2 ? file.split("/")[1] : undefined);
  const found: string[] = [];
  for (const file of sourceFiles(dir, ["emulator"])) {
    const from = folder(file);
    if (from === undefined) continue;
    for (const specifier of runtimeImports(file, fs.readFileSync(path.join(dir, file), "utf8"), { types: true })) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (!target.startsWith("emulator/")) continue;
      const to = folder(target);
      if (to === from) continue;
      const why =
        from === "shared" ? "shared/ imports outside shared/"
        : !order.includes(from) ? `${from}/ is not a declared service`
        : to === "shared" ? undefined
        : to === undefined ? "a service imports the emulator's root"
        : !order.includes(to) ? `${to}/ is not a declared service`
        : order.indexOf(to) > order.indexOf(from) ? `${from} imports ${to}, which comes after it`
        : undefined;
      if (why !== undefined) found.push(`${file} -> ${specifier} (${why})`);
    }
  }
  return found;
}

it("each emulator service imports only shared/ and the services before it in the declared order; shared/ imports none", () => {
  const folders = new Set(sourceFiles(root, ["emulator"]).flatMap((f) => (f.split("/").length > 2 ? [f.split("/")[1]!] : [])));
  expect([...folders].sort()).toEqual([...SERVICES, "shared"].sort());
  expect(serviceOrderBreaks(root, SERVICES)).toEqual([]);
});

it("a service's import of a service beside or after it, of the root, or by shared/, is found however it is written", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "services-"));
  // Spelled in parts, so that this file names no path above its own directory.
  const up = "../";
  try {
    const write = (file: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write("emulator/index.ts", `export * from "./low";\nexport * from "./high";\n`);
    write("emulator/shared/s.ts", `export const s = 1;\nexport type T = import("../high/h").H;\n`);
    write("emulator/low/l.ts", `import { s } from "../shared/s";\nimport type { M } from "../mid/m";\nexport const l = s;\nexport type L = M;\n`);
    write("emulator/mid/m.ts", `export type M = number;\nexport const m = () => require("../low/l") as unknown;\n`);
    write("emulator/high/h.ts", `export { l } from "../low/l";\nexport type { M } from "../mid/m";\nexport type H = string;\n`);
    write("emulator/high/deep/d.ts", `import "${up}${up}index";\nimport { type M } from "${up}${up}mid/m";\nexport type D = M;\n`);
    write("emulator/stray/x.ts", `import { s } from "../shared/s";\nexport const x = s;\n`);
    expect(serviceOrderBreaks(dir, ["low", "mid", "high"]).sort()).toEqual([
      `emulator/high/deep/d.ts -> ${up}${up}index (a service imports the emulator's root)`,
      "emulator/low/l.ts -> ../mid/m (low imports mid, which comes after it)",
      "emulator/shared/s.ts -> ../high/h (shared/ imports outside shared/)",
      "emulator/stray/x.ts -> ../shared/s (stray/ is not a declared service)",
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The shape of the code. No two modules import each other, directly or through others, not even
 * for a type: anywhere in the repository's TypeScript. The provider's folders load in one
 * direction, from its contract up to its hosts. The core, the hosts and the handler serve every
 * kind alike: none names one.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import { importCycles, importGraph, importsInto, layerViolations, sourceFiles } from "./support/imports";

const root = path.resolve(__dirname, "..");

/** Every folder of the repository that holds TypeScript of its own. */
const SOURCES = ["clock", "cel", "provider", "sdk", "emulator", "test", "bench", "scripts", "examples"];

/** The generated SDK's imports are written as from sdk/ (sdk/generated/tsconfig.json's rootDirs). */
const sdkRootDirs = ["sdk/generated", "sdk", "."];

it("no import cycle anywhere, type-only imports included", () => {
  const files = sourceFiles(root, SOURCES);
  expect(files).toEqual(expect.arrayContaining(["provider/gen/render.ts", "emulator/index.ts", "test/support/imports.ts", "bench/run.bench.ts"]));
  const graph = importGraph(root, files, sdkRootDirs);
  // The generated SDK's imports of the hand-written modules and of provider/ are in the graph.
  expect(graph.get("sdk/generated/index.ts")).toEqual(expect.arrayContaining(["provider/node-version.ts", "sdk/generated/credential.ts", "sdk/policy.ts"]));
  expect(graph.get("sdk/generated/credential.ts")).toEqual(["sdk/door.ts"]);
  const cycles = importCycles(graph).map((c) => `import cycle: ${c.join(" -> ")}`);
  expect(cycles).toEqual([]);
});

it("an import resolved through rootDirs is followed: a cycle through the generated SDK and a hand-written module is found", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imports-"));
  // Spelled in parts, so that this file names no path above its own directory.
  const up = "../";
  try {
    const write = (file: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write("sdk/generated/index.ts", `export { a } from "./a";\nimport "${up}provider/node-version";\n`);
    write("sdk/generated/a.ts", `import { door } from "./door";\nexport const a = door;\n`);
    write("sdk/door.ts", `export const door = () => require("./generated") as unknown;\n`);
    write("provider/node-version.ts", `export {};\n`);
    const files = sourceFiles(dir, ["provider", "sdk"]);
    expect(importGraph(dir, files, sdkRootDirs).get("sdk/generated/index.ts")).toEqual(["provider/node-version.ts", "sdk/generated/a.ts"]);
    expect(importCycles(importGraph(dir, files, sdkRootDirs))).toEqual([["sdk/door.ts", "sdk/generated/index.ts", "sdk/generated/a.ts", "sdk/door.ts"]]);
    expect(importCycles(importGraph(dir, files))).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("a cycle through require(), a re-export or a type-only import is found and named", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imports-"));
  try {
    const write = (file: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write("src/a.ts", `import { b } from "./b";\nexport const a = () => b;\n`);
    write("src/b.ts", `export { c as b } from "./deep";\n`);
    write("src/deep/index.ts", `export const c = () => (require("../a") as { a: unknown }).a;\n`);
    write("src/x.ts", `import type { Y } from "./y";\nexport type X = Y | number;\n`);
    write("src/y.ts", `export type Y = import("./x").X[];\n`);
    write("src/p.ts", `import { type Q } from "./q";\nexport type P = Q;\n`);
    write("src/q.ts", `export type { P as Q } from "./p";\n`);
    write("src/leaf.ts", `import type { X } from "./x";\nexport type Leaf = X;\n`);
    const graph = importGraph(dir, sourceFiles(dir, ["src"]));
    expect(importCycles(graph)).toEqual([
      ["src/a.ts", "src/b.ts", "src/deep/index.ts", "src/a.ts"],
      ["src/p.ts", "src/q.ts", "src/p.ts"],
      ["src/x.ts", "src/y.ts", "src/x.ts"],
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The provider's folders (and loose files) from the bottom up. Its contract (what a kind is, what
 * every kind answers, the settings) sits on the client alone; the engine runs any definition it is
 * given; the registry of definitions is read by the functions, the core and the hosts above it,
 * never by the engine below.
 */
const PROVIDER_LAYERS = [
  "provider/words.ts",
  "provider/node-version.ts",
  "provider/client",
  "provider/contract",
  "provider/policy",
  "provider/engine",
  "provider/agent",
  "provider/definitions",
  "provider/functions",
  "provider/core",
  "provider/secret-ref.ts",
  "provider/adopt",
  "provider/hosts",
  "provider/index.ts",
  "provider/gen",
];

it("the provider's folders load in one direction, from the contract up to the hosts", () => {
  const files = sourceFiles(root, ["provider"]);
  expect(files.filter((f) => !PROVIDER_LAYERS.some((l) => f === l || f.startsWith(`${l}/`)))).toEqual([]);
  expect(layerViolations(importGraph(root, [...files, ...sourceFiles(root, ["clock"])]), PROVIDER_LAYERS)).toEqual([]);
});

it("an import up or sideways in the layers is found and named; down and within a layer are not", () => {
  const graph = new Map([
    ["p/contract/a.ts", ["p/contract/b.ts", "clock/index.ts"]],
    ["p/engine/e.ts", ["p/contract/a.ts", "p/definitions/index.ts"]],
    ["p/definitions/index.ts", ["p/engine/e.ts", "p/contract/a.ts"]],
    ["p/elsewhere.ts", ["p/engine/e.ts"]],
  ]);
  expect(layerViolations(graph, ["p/contract", "p/engine", "p/definitions"])).toEqual(["p/engine/e.ts -> p/definitions/index.ts (p/definitions is above p/engine)"]);
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
 * The emulator as services over one base, bottom first (emulator/README.md): shared/ is the
 * plumbing and imports no service; each service imports only shared/ and the services before it;
 * index.ts (the table that starts them) and cli.ts stand on all of them.
 */
const EMULATOR_LAYERS = [
  "emulator/shared",
  "emulator/gateway",
  "emulator/ai-gateway",
  "emulator/api",
  "emulator/ai-gateway-api",
  "emulator/index.ts",
  "emulator/cli.ts",
];

it("each emulator service imports only shared/ and the services before it; shared/ imports none", () => {
  const files = sourceFiles(root, ["emulator"]);
  expect(files.filter((f) => !EMULATOR_LAYERS.some((l) => f === l || f.startsWith(`${l}/`)))).toEqual([]);
  expect(layerViolations(importGraph(root, files), EMULATOR_LAYERS)).toEqual([]);
});

/**
 * The programs the documents show compile against the package's own types, as a user's program
 * does (`import * as ngrok from "pulumi-ngrok"`), so a renamed class, argument or action fails here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as ts from "typescript";

const root = join(__dirname, "..");

/** Each document's whole program: the first TypeScript block after the heading. */
const programs = [
  { doc: "README.md", heading: "## Put an app online" },
  { doc: "docs/traffic-policy.md", heading: "## The typed policy" },
  { doc: "docs/traffic-policy.md", heading: "## One policy on several endpoints" },
  { doc: "docs/_index.md", heading: "### TypeScript" },
  { doc: "docs/ai-gateway-api.md", heading: "## A program" },
].map(({ doc, heading }, i) => {
  const text = readFileSync(join(root, doc), "utf8");
  const start = text.indexOf(`\n${heading}\n`);
  const code = start < 0 ? undefined : /```typescript\n([\s\S]*?)```/.exec(text.slice(start))?.[1];
  return { doc, heading, code, file: join(root, `__doc_program_${i}__.ts`) };
});

/** Type errors per program, compiled together as files at the repository's root, the package resolving to its sources. */
function typeErrors(): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
    baseUrl: root,
    paths: { "pulumi-ngrok": ["sdk/generated/index.ts"] },
    // The generated SDK's imports are written as from sdk/ (see sdk/generated/tsconfig.json).
    rootDirs: [join(root, "sdk", "generated"), join(root, "sdk"), root],
  };
  const texts = new Map(programs.map((p) => [p.file, p.code ?? ""]));
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    const text = texts.get(name);
    return text === undefined ? getSourceFile(name, version, ...rest) : ts.createSourceFile(name, text, version);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => texts.has(name) || fileExists(name);
  const built = ts.createProgram([...texts.keys()], options, host);
  const errors = new Map<string, string[]>([...programs.map((p): [string, string[]] => [p.file, []]), [sdkFiles, []]]);
  for (const d of ts.getPreEmitDiagnostics(built)) {
    if (d.file === undefined) continue;
    const line = d.start === undefined ? "?" : d.file.getLineAndCharacterOfPosition(d.start).line + 1;
    const message = `line ${line}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
    if (errors.has(d.file.fileName)) errors.get(d.file.fileName)!.push(message);
    else if (d.file.fileName.startsWith(join(root, "sdk") + "/")) errors.get(sdkFiles)!.push(`${d.file.fileName.slice(root.length + 1)} ${message}`);
  }
  return errors;
}

/** The errors' key of the package's own sources, which the programs compile with. */
const sdkFiles = "sdk/";

let errors: Map<string, string[]>;
beforeAll(() => {
  errors = typeErrors();
});

it.each(programs)("$doc's program ($heading) compiles against the package", ({ code, file }) => {
  expect(code).toContain('from "pulumi-ngrok"');
  expect(errors.get(file)).toEqual([]);
});

it("the package's sources compile with the programs: every import of the generated SDK resolves", () => {
  expect(errors.get(sdkFiles)).toEqual([]);
});

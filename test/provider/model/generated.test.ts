/** The committed SDK, schema.json and docs are what the definitions generate. */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { orphanedFiles, staleFiles } from "../../../provider/gen/generate";
import { readManifest, repositoryPath } from "../../../provider/gen/manifest";
import { renderAll } from "../../../provider/gen/render";
import { discoverDefinitions, renderRegistry } from "../../../provider/gen/registry";

const root = path.resolve(__dirname, "..", "..", "..");

it("the committed generated files are up to date (run `make generate`), and sdk/generated/ holds nothing else", () => {
  expect(staleFiles(root)).toEqual([]);
  expect(orphanedFiles(root)).toEqual([]);
});

it("a stale schema.json or SDK file is detected", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gen-"));
  try {
    fs.copyFileSync(path.join(root, "package.json"), path.join(dir, "package.json"));
    for (const f of renderAll(readManifest(root))) {
      fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      fs.copyFileSync(path.join(root, f.path), path.join(dir, f.path));
    }
    expect(staleFiles(dir)).toEqual([]);
    const schema = JSON.parse(fs.readFileSync(path.join(dir, "schema.json"), "utf8")) as { resources: Record<string, unknown> };
    delete schema.resources["ngrok:index:Credential"];
    fs.writeFileSync(path.join(dir, "schema.json"), JSON.stringify(schema, null, 2) + "\n");
    fs.appendFileSync(path.join(dir, "sdk/generated/credential.ts"), "// edited by hand\n");
    expect(staleFiles(dir).sort()).toEqual(["schema.json", "sdk/generated/credential.ts"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("a file in sdk/generated/ that the generator does not write (a kind removed) is an orphan; sdk/ beside it is not checked", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gen-"));
  try {
    fs.copyFileSync(path.join(root, "package.json"), path.join(dir, "package.json"));
    for (const f of renderAll(readManifest(root))) {
      fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      fs.copyFileSync(path.join(root, f.path), path.join(dir, f.path));
    }
    expect(orphanedFiles(dir)).toEqual([]);
    fs.writeFileSync(path.join(dir, "sdk/generated/retired-kind.ts"), "export {};\n");
    fs.mkdirSync(path.join(dir, "sdk/generated/nested"));
    fs.writeFileSync(path.join(dir, "sdk/generated/nested/x.ts"), "export {};\n");
    fs.writeFileSync(path.join(dir, "sdk/door.ts"), "export {};\n");
    expect(orphanedFiles(dir)).toEqual(["sdk/generated/nested/x.ts", "sdk/generated/retired-kind.ts"]);
    expect(staleFiles(dir)).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("no generated module takes the name of a hand-written one of sdk/: both compile into dist/sdk", () => {
  const handWritten = new Set(fs.readdirSync(path.join(root, "sdk")).filter((f) => f.endsWith(".ts")));
  expect([...handWritten]).toContain("door.ts");
  const generated = renderAll(readManifest(root)).filter((f) => f.path.startsWith("sdk/generated/"));
  expect(generated.filter((f) => handWritten.has(path.posix.basename(f.path))).map((f) => f.path)).toEqual([]);
});

it("GitHub shows every file `make generate` and `make sdks` write as generated (.gitattributes), and no hand-written file of sdk/", () => {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
  const generated = new Set([...renderAll(readManifest(root)).map((f) => f.path), ...git("ls-files", "-z", "--", "sdk/go", "sdk/python", "sdk/java")]);
  const handWritten = git("ls-files", "-z", "--", "sdk").filter((f) => !generated.has(f));
  expect(handWritten).toEqual(expect.arrayContaining(["sdk/door.ts", "sdk/nodejs/door.ts", "sdk/nodejs/package.json"]));
  // `git check-attr -z` answers path, attribute and value, one after the other.
  const marked = (paths: string[]) => {
    const out = git("check-attr", "-z", "linguist-generated", "--", ...paths);
    return paths.filter((_, i) => out[3 * i + 2] === "true" || out[3 * i + 2] === "set");
  };
  const markedGenerated = new Set(marked([...generated]));
  expect([...generated].filter((f) => !markedGenerated.has(f))).toEqual([]);
  expect(marked(handWritten)).toEqual([]);
});

it("schema.json describes every resource with secrets and replacements marked", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8"));
  expect(schema.resources["ngrok:index:Credential"].properties.token.secret).toBe(true);
  expect(schema.resources["ngrok:index:Credential"].inputProperties.ownerId.willReplaceOnChanges).toBe(true);
  expect(schema.resources["ngrok:index:ReservedDomain"].requiredInputs).toEqual(["domain"]);
  // A secret nested in an input object: Pulumi marks only top-level properties, so the whole input is secret.
  expect(schema.resources["ngrok:index:EventDestination"].inputProperties.target.secret).toBe(true);
  expect(schema.resources["ngrok:index:EventDestination"].properties.target.secret).toBe(true);
  expect(schema.config.variables.apiKey).toMatchObject({ secret: true, defaultInfo: { environment: ["NGROK_API_KEY"] } });
});

it("schema.json marks the certificates' secrets and replacements; the SDK keeps a secret input secret", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8"));
  const tls = schema.resources["ngrok:index:TlsCertificate"];
  expect(tls.inputProperties.privateKeyPem).toMatchObject({ secret: true, willReplaceOnChanges: true });
  expect(tls.properties.privateKeyPem.secret).toBe(true);
  expect(tls.requiredInputs).toEqual(["certificatePem", "privateKeyPem"]);
  expect(schema.resources["ngrok:index:CertificateAuthority"].inputProperties.caPem.willReplaceOnChanges).toBe(true);
  expect(schema.resources["ngrok:index:AgentIngress"].inputProperties.domain.willReplaceOnChanges).toBe(true);
  expect(schema.types["ngrok:index:AgentIngressCertificateManagementPolicy"].properties.privateKeyType.default).toBe("rsa");
  expect(schema.types["ngrok:index:CertificateManagementPolicy"].properties.privateKeyType.default).toBe("ecdsa");
  // Secret inputs too: the engine marks only the outputs this option lists.
  const sdk = fs.readFileSync(path.join(root, "sdk", "generated", "tls-certificate.ts"), "utf8");
  expect(sdk).toContain('additionalSecretOutputs: ["privateKeyPem"]');
});

it("the TypeScript API is door-neutral: only sdk/door.ts and sdk/nodejs/door.ts know how resources and functions reach the provider", () => {
  const generated = renderAll(readManifest(root)).filter((f) => f.path.startsWith("sdk/generated/") && f.path.endsWith(".ts"));
  const resources = generated.filter((f) => /^export class /m.test(f.content));
  expect(resources.length).toBeGreaterThan(30);
  const doorKnowledge = /pulumi\.dynamic|pulumi\.CustomResource(?!Options)|\.\/stub"|provider\/functions\/program|pulumi\.runtime|ngrok:index:|pulumi-nodejs/;
  expect(generated.filter((f) => doorKnowledge.test(f.content)).map((f) => f.path)).toEqual([]);
  expect(resources.filter((f) => !/^export class \w+ extends NgrokResource \{$/m.test(f.content)).map((f) => f.path)).toEqual([]);
  const functions = generated.filter((f) => /^export function /m.test(f.content));
  expect(functions.length).toBeGreaterThan(30);
  expect(functions.filter((f) => !/^import \{ invoke(, invokeOutput)? \} from "\.\/door";$/m.test(f.content)).map((f) => f.path)).toEqual([]);
});

describe("the Go SDK's import path", () => {
  it("is package.json's repository, however npm lets it be written", () => {
    for (const written of [
      "github:pulumi-ngrok/pulumi-ngrok",
      "pulumi-ngrok/pulumi-ngrok",
      "https://github.com/pulumi-ngrok/pulumi-ngrok",
      { type: "git", url: "git+https://github.com/pulumi-ngrok/pulumi-ngrok.git" },
      { url: "git+ssh://git@github.com/pulumi-ngrok/pulumi-ngrok.git" },
    ]) {
      expect({ written, path: repositoryPath(written) }).toEqual({ written, path: "github.com/pulumi-ngrok/pulumi-ngrok" });
    }
    expect(repositoryPath({ url: "https://gitlab.example.com/team/forks/pulumi-ngrok.git" })).toBe("gitlab.example.com/team/forks/pulumi-ngrok");
    expect(() => repositoryPath(undefined)).toThrow("package.json has no `repository`");
    expect(() => repositoryPath("not a repository")).toThrow("package.json's `repository` is neither");
  });

  it("follows the repository into schema.json: a fork changes package.json's `repository` alone", () => {
    const schemaOf = (repository: unknown) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gen-"));
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as Record<string, unknown>;
        fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ ...pkg, repository }));
        const schema = renderAll(readManifest(dir)).find((f) => f.path === "schema.json")!;
        return (JSON.parse(schema.content) as { language: { go: { importBasePath: string } } }).language.go.importBasePath;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    const committed = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as { language: { go: { importBasePath: string } } };
    expect(committed.language.go.importBasePath).toBe("github.com/pulumi-ngrok/pulumi-ngrok/sdk/go/ngrok");
    expect(schemaOf("github:someone/ngrok-fork")).toBe("github.com/someone/ngrok-fork/sdk/go/ngrok");
  });
});

describe("the package's listing and download (the Pulumi Registry, automatic plugin acquisition)", () => {
  const listing = (schema: Record<string, unknown>) =>
    Object.fromEntries(["version", "publisher", "repository", "homepage", "license", "keywords", "logoUrl", "pluginDownloadURL"].map((k) => [k, schema[k]]));

  it("schema.json names the publisher, repository, homepage, license, keywords, logo and where Pulumi downloads the plugin", () => {
    const committed = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as Record<string, unknown>;
    expect(listing(committed)).toEqual({
      version: (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version,
      publisher: "pulumi-ngrok",
      repository: "https://github.com/pulumi-ngrok/pulumi-ngrok",
      homepage: "https://github.com/pulumi-ngrok/pulumi-ngrok",
      license: "Apache-2.0",
      keywords: ["pulumi", "ngrok", "category/network", "kind/native"],
      logoUrl: "https://raw.githubusercontent.com/pulumi-ngrok/pulumi-ngrok/HEAD/docs/logo.svg",
      pluginDownloadURL: "github://api.github.com/pulumi-ngrok/pulumi-ngrok",
    });
    // The logo it points at is in the repository.
    expect(fs.readFileSync(path.join(root, "docs", "logo.svg"), "utf8")).toMatch(/^<svg /);
    // The plugin SDKs carry the download URL, so that Go and Python programs fetch the plugin too.
    for (const file of ["sdk/go/ngrok/pulumi-plugin.json", "sdk/python/pulumi_ngrok/pulumi-plugin.json"]) {
      expect({ file, ...(JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as object) }).toMatchObject({ file, server: committed.pluginDownloadURL });
    }
  });

  it("follows the repository: a fork on GitHub downloads from its own releases, one elsewhere names no download URL", () => {
    const schemaOf = (repository: unknown) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gen-"));
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as Record<string, unknown>;
        fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ ...pkg, repository }));
        return listing(JSON.parse(renderAll(readManifest(dir)).find((f) => f.path === "schema.json")!.content) as Record<string, unknown>);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(schemaOf("github:someone/ngrok-fork")).toMatchObject({
      publisher: "someone",
      repository: "https://github.com/someone/ngrok-fork",
      pluginDownloadURL: "github://api.github.com/someone/ngrok-fork",
      logoUrl: "https://raw.githubusercontent.com/someone/ngrok-fork/HEAD/docs/logo.svg",
    });
    expect(schemaOf({ url: "https://gitlab.example.com/team/pulumi-ngrok.git" })).toMatchObject({
      repository: "https://gitlab.example.com/team/pulumi-ngrok",
      pluginDownloadURL: undefined,
    });
  });
});

describe("the registry of kinds (provider/definitions/index.ts)", () => {
  const write = (dir: string, file: string, name: string) =>
    fs.writeFileSync(
      path.join(dir, file),
      `export const helper = { name: "${name}", properties: {} };\n` +
        `export const ${name.toLowerCase()} = { name: "${name}", description: "", example: "", properties: {}, binding: { kind: "collection", path: "/w", idPrefix: "w" } };\n`,
    );

  it("is written from the definition files: a new file exporting a definition with a binding is a new kind", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "defs-"));
    try {
      write(dir, "widget.ts", "Widget");
      write(dir, "gadget.ts", "Gadget");
      const registry = renderRegistry(discoverDefinitions(dir));
      expect(registry).toContain(`import { gadget } from "./gadget";`);
      // In the order of the kinds' names; what has no binding is no kind.
      expect(registry.match(/^ {2}\w+: \w+,$/gm)).toEqual(["  Gadget: gadget,", "  Widget: widget,"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses two definitions of one kind", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "defs-"));
    try {
      write(dir, "a.ts", "Widget");
      write(dir, "b.ts", "Widget");
      expect(() => discoverDefinitions(dir)).toThrow("two definitions of Widget: a.ts and b.ts");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

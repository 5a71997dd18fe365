/**
 * The provider plugin's Go, Python and Java SDKs (sdk/go, sdk/python, sdk/java) are what Pulumi's
 * code generators make of the committed schema.json (provider/gen/sdkgen and, for Java, its own
 * module provider/gen/sdkgen/java, run with Go), the Go module at the path
 * package.json's `repository` gives. The first run compiles the generator (a minute or more on a
 * cold machine; the Pulumi CLI's build fills the same caches). The TypeScript API is not Pulumi's
 * (generated.test.ts).
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const root = path.resolve(__dirname, "..", "..", "..");
const sdkgen = path.join(root, "provider", "gen", "sdkgen");
const javaSdkgen = path.join(sdkgen, "java");

jest.setTimeout(20 * 60_000);

/** Runs the generator on `schema` against `out` with --check (or writing, when `write`): its exit code and what it printed. */
function check(schema: string, out: string, write = false, generator = sdkgen): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      "go",
      ["run", "-trimpath", ".", schema, out, ...(write ? [] : ["--check"])],
      { cwd: generator, env: { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local", CGO_ENABLED: "0", GOWORK: "off" }, maxBuffer: 16 << 20 },
      // Go's own progress on a cold module cache ("go: downloading ...") is not the generator's.
      (err, _stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr: stderr.split("\n").filter((l) => !l.startsWith("go: downloading ")).join("\n") }),
    );
  });
}

it("the committed plugin SDKs are what schema.json generates (run `make sdks`)", async () => {
  expect(await check(path.join(root, "schema.json"), path.join(root, "sdk"))).toEqual({ code: 0, stderr: "" });
});

it("the committed Java SDK is what schema.json generates (run `make sdks`)", async () => {
  expect(await check(path.join(root, "schema.json"), path.join(root, "sdk"), false, javaSdkgen)).toEqual({ code: 0, stderr: "" });
});

it("a stale, edited or left-over SDK file is detected", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sdks-"));
  try {
    for (const lang of ["go", "python"]) fs.cpSync(path.join(root, "sdk", lang), path.join(dir, lang), { recursive: true });
    const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as { resources: Record<string, { description: string }> };
    schema.resources["ngrok:index:Credential"]!.description += " Changed.";
    fs.writeFileSync(path.join(dir, "schema.json"), JSON.stringify(schema));
    fs.writeFileSync(path.join(dir, "go", "ngrok", "leftover.go"), "package ngrok\n");
    const result = await check(path.join(dir, "schema.json"), dir);
    expect(result.code).not.toBe(0);
    const stale = /stale generated files \(run `make sdks`\): \[(.*)\]/.exec(result.stderr)?.[1]?.split(" ").map((f) => path.relative(dir, f)).sort();
    expect(stale).toEqual(["go/ngrok/credential.go", "go/ngrok/leftover.go", "python/pulumi_ngrok/credential.py"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("writes the Go SDK as a module at the path schema.json gives (package.json's repository + /sdk/go)", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sdks-"));
  try {
    const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as { language: { go: { importBasePath: string } } };
    expect(schema.language.go.importBasePath).toBe("github.com/pulumi-ngrok/pulumi-ngrok/sdk/go/ngrok");
    expect(fs.readFileSync(path.join(root, "sdk", "go", "go.mod"), "utf8")).toMatch(/^module github\.com\/pulumi-ngrok\/pulumi-ngrok\/sdk\/go\n/);
    // A fork's path.
    schema.language.go.importBasePath = "gitlab.example.com/forks/ngrok/sdk/go/ngrok";
    fs.writeFileSync(path.join(dir, "schema.json"), JSON.stringify(schema));
    expect(await check(path.join(dir, "schema.json"), dir, true)).toEqual({ code: 0, stderr: "" });
    expect(fs.readFileSync(path.join(dir, "go", "go.mod"), "utf8")).toMatch(/^module gitlab\.example\.com\/forks\/ngrok\/sdk\/go\n/);
    expect(fs.readFileSync(path.join(dir, "go", "ngrok", "credential.go"), "utf8")).toContain('"gitlab.example.com/forks/ngrok/sdk/go/ngrok/internal"');
    expect(fs.existsSync(path.join(dir, "nodejs"))).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

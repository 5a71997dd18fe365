/**
 * Java programs end to end: the Java language host (scripts/pulumi-language-java.sh), Maven with
 * one local repository in the cache for everything Maven Central serves (com.pulumi:pulumi, the
 * build's plugins), and the Java SDK of sdk/java built with Maven from a copy outside the tree and
 * published to a Maven repository of the test's own (a directory, as `mvn deploy` writes one), from
 * which programs depend on it as on any artifact. A program runs from a copy outside the tree (the
 * host builds it with `mvn compile`, which writes target/ beside it), with a `.mvn/maven.config`
 * naming that local repository and a settings file adding the test's repository.
 */
import * as crypto from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { EmulatorStacks } from "./fixture";
import { installPlugin, pluginTarball, pluginVersion, script, toolCacheDir, treeHash } from "./plugin-install";
import { pulumiBinDir, repoRoot, type PulumiStack } from "./pulumi";
import { runTool } from "./python";

const nodeBinDir = path.join(repoRoot, "node_modules", ".bin");
/** The Java SDK's coordinates (sdk/java/pom.xml). */
export const javaSdkArtifact = { groupId: "io.github.pulumi-ngrok", artifactId: "ngrok", version: pluginVersion };

let host: Promise<string> | undefined;
let jar: Promise<string> | undefined;

/** The cache's Maven repository: what Maven Central serves, downloaded once. */
export function mavenCache(): string {
  return path.join(toolCacheDir(), "maven-repository");
}

/** The directory of `pulumi-language-java` (scripts/pulumi-language-java.sh: built once, cached). */
export function javaLanguageHostDir(): Promise<string> {
  host ??= script("pulumi-language-java.sh");
  return host;
}

/**
 * sdk/java built with Maven (`mvn package`, Central's artifacts from the cache): the jar, beside its
 * pom.xml. Built once for every test process and run, in the cache under the sources' hash, under
 * a lock (`flock`): the test files that need it start together, and the second waits for the first.
 */
export function javaSdkJar(): Promise<string> {
  jar ??= (async () => {
    const dir = path.join(path.dirname(mavenCache()), `java-sdk-${treeHash(path.join(repoRoot, "sdk", "java"))}`);
    const built = path.join(dir, "sdk", "target", `${javaSdkArtifact.artifactId}-${javaSdkArtifact.version}.jar`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const build = [
      `[ -f "$1/complete" ] && exit 0`,
      `rm -rf "$1" && mkdir -p "$1" && cp -r "$2" "$1/sdk"`,
      `(cd "$1/sdk" && mvn -B -q "-Dmaven.repo.local=$3" package)`,
      `[ -f "$4" ] || { echo "mvn package wrote no $4" >&2; exit 1; }`,
      `touch "$1/complete"`,
    ].join("\n");
    await runTool("flock", [`${dir}.lock`, "bash", "-c", build, "build", dir, path.join(repoRoot, "sdk", "java"), mavenCache(), built]);
    return built;
  })();
  return jar;
}

/** A Maven repository (a directory) holding the SDK, published there with `mvn install:install-file`. */
export async function publishJavaSdk(repository: string): Promise<void> {
  const built = await javaSdkJar();
  const pom = path.join(path.dirname(built), "..", "pom.xml");
  await runTool("mvn", ["-B", "-q", `-Dmaven.repo.local=${mavenCache()}`, "install:install-file", `-Dfile=${built}`, `-DpomFile=${pom}`, `-DlocalRepositoryPath=${repository}`]);
}

/**
 * Makes `dir` a Maven project that resolves Central's artifacts through the cache and the SDK from
 * `repository`, under an id of its own: an artifact the cache took from another run's repository
 * is not taken for this one's (Maven checks where a cached artifact came from).
 */
export function useMavenRepository(dir: string, repository: string): void {
  const id = `pulumi-ngrok-${crypto.randomBytes(4).toString("hex")}`;
  fs.mkdirSync(path.join(dir, ".mvn"), { recursive: true });
  const settings = path.join(dir, ".mvn", "settings.xml");
  fs.writeFileSync(
    settings,
    [
      `<settings><profiles><profile><id>${id}</id>`,
      `<repositories><repository><id>${id}</id><url>file://${repository}</url></repository></repositories>`,
      `</profile></profiles><activeProfiles><activeProfile>${id}</activeProfile></activeProfiles></settings>`,
      "",
    ].join("\n"),
  );
  fs.writeFileSync(path.join(dir, ".mvn", "maven.config"), `-Dmaven.repo.local=${mavenCache()}\n-s\n${settings}\n`);
}

/** What a Java program's stack runs with: the Java host, the CLI, Maven and Java, and Node.js for the plugin's launcher. */
export async function javaProgramEnv(): Promise<Record<string, string>> {
  const PATH = [await javaLanguageHostDir(), await pulumiBinDir(), nodeBinDir, "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter);
  return { PATH };
}

/** What a file testing Java examples needs before any test. */
export function javaExampleReady(): Promise<unknown> {
  return Promise.all([pluginTarball(), javaLanguageHostDir(), javaSdkJar()]);
}

const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The running test's stack of a copy of examples/<example> outside the tree (removed after the file's tests), the SDK published for it and the plugin installed. */
export async function javaExampleStack(fx: EmulatorStacks, example: string): Promise<PulumiStack> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-ngrok-${example}-`));
  workDirs.push(work);
  const dir = path.join(work, "program");
  fs.cpSync(path.join(repoRoot, "examples", example), dir, { recursive: true });
  const repository = path.join(work, "maven");
  await publishJavaSdk(repository);
  useMavenRepository(dir, repository);
  const stack = await fx.create({ programDir: dir, env: await javaProgramEnv(), config: { "ngrok:rateLimit": "off" } });
  await installPlugin(stack);
  return stack;
}

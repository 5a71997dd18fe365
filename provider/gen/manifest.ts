/**
 * What the generated files take from package.json: the version, and the repository, whose path
 * is the Go SDK's import path (`<repository>/sdk/go`, the module sdk/go/go.mod declares). A fork
 * changes package.json's `repository` and runs `make sdks`: the Go SDK and the schema follow.
 */
import * as fs from "fs";
import * as path from "path";

export interface Manifest {
  version: string;
  /** The repository as a Go import path: `github.com/<owner>/<name>`. */
  repositoryPath: string;
}

/** package.json's `repository`: an npm shorthand (`github:owner/name`), a URL, or `{ url }`. */
type Repository = string | { url?: string } | undefined;

/** The repository's path, `host/owner/name`, from package.json's `repository`. */
export function repositoryPath(repository: Repository): string {
  const url = typeof repository === "string" ? repository : repository?.url;
  if (!url) throw new Error("package.json has no `repository`: the Go SDK's import path is taken from it");
  const shorthand = /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(url);
  if (shorthand) return `github.com/${shorthand[1]}/${shorthand[2]!.replace(/\.git$/, "")}`;
  const parsed = /^(?:git\+)?(?:https?|ssh|git):\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/(.+?)(?:\.git)?\/?$/.exec(url);
  if (!parsed) throw new Error("package.json's `repository` is neither `owner/name`, `github:owner/name` nor a URL");
  return `${parsed[1]}/${parsed[2]}`;
}

export function readManifest(root: string): Manifest {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string; repository?: Repository };
  return { version: pkg.version, repositoryPath: repositoryPath(pkg.repository) };
}

/** The Go SDK's module path: sdk/go in the repository. */
export const goModulePath = (m: Manifest): string => `${m.repositoryPath}/sdk/go`;

/**
 * The Java SDK's Maven groupId: the namespace Maven Central verifies for a GitHub owner,
 * `io.github.<owner>` (elsewhere the repository's host reversed), as the Java package's base.
 */
export function mavenGroupId(m: Manifest): string {
  const [host, owner] = m.repositoryPath.split("/");
  return host === "github.com" ? `io.github.${owner}` : `${host!.split(".").reverse().join(".")}.${owner}`;
}

/** The Java SDK's base package (its classes are `<base>.ngrok.*`): the groupId, as a Java name. */
export const javaBasePackage = (m: Manifest): string => mavenGroupId(m).toLowerCase().replace(/[^a-z0-9.]/g, "_");

/** The Java SDK's dependency on Pulumi's Java SDK, com.pulumi:pulumi from Maven Central (the code generator's release). */
export const javaSdkVersion = "1.17.0";

/** The repository's web page: the schema's `repository` and `homepage`. */
export const repositoryUrl = (m: Manifest): string => `https://${m.repositoryPath}`;

/** The repository's owner: the schema's `publisher`. */
export const publisher = (m: Manifest): string => m.repositoryPath.split("/")[1]!;

/**
 * Where Pulumi downloads the plugin when a program needs it and it is not installed: the
 * repository's GitHub releases (`github://api.github.com/<owner>/<name>`, whose assets are the
 * `pulumi-resource-ngrok-v<version>-<os>-<arch>.tar.gz` archives). Pulumi reads it from the
 * schema (the Go and Python SDKs carry it as `server`) and from the Node.js package's `pulumi`
 * block. A repository elsewhere than GitHub has no such URL: Pulumi then looks in its own
 * plugin storage, where this plugin is not.
 */
export function pluginDownloadUrl(m: Manifest): string | undefined {
  const [host, ...rest] = m.repositoryPath.split("/");
  return host === "github.com" ? `github://api.github.com/${rest.join("/")}` : undefined;
}

/** The logo the Pulumi Registry shows, docs/logo.svg as the repository's default branch serves it. */
export function logoUrl(m: Manifest): string | undefined {
  const [host, ...rest] = m.repositoryPath.split("/");
  return host === "github.com" ? `https://raw.githubusercontent.com/${rest.join("/")}/HEAD/docs/logo.svg` : undefined;
}

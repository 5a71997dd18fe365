/**
 * Both `ngrok` packages on one machine: the Pulumi Registry lists a community package named `ngrok`
 * (bridged from ngrok's Terraform provider, versions 0.0.x) whose plugin is also
 * `pulumi-resource-ngrok`. Pulumi's plugin cache keeps plugins by name and version
 * (`resource-ngrok-v<version>`), so both install side by side; a program runs the version its SDK
 * (or a YAML resource's `version`) names, and with none the newest installed. Here a stand-in takes
 * the community plugin's place in the cache (its name and version, 0.0.24: that plugin is published
 * only as GitHub release binaries, which these machines cannot download) and records whether it is
 * ever started: stacks using this provider run it, never the other, and preview no change.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { useEmulatorStacks } from "./fixture";
import { installPlugin, pluginTarball, pluginVersion, yamlLanguageHostDir } from "./plugin-install";
import { pulumiBinDir, repoRoot, type PulumiStack } from "./pulumi";

jest.setTimeout(30 * 60_000);

const communityVersion = "0.0.24";
const nodeBinDir = path.join(repoRoot, "node_modules", ".bin");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-registry-name-"));
const started = path.join(work, "community-plugin-started");
let standIn = "";

const fx = useEmulatorStacks({
  emulator: { rateLimit: false },
  ready: async () => {
    // The stand-in: a plugin executable that notes its start and exits.
    const dir = path.join(work, "community");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "pulumi-resource-ngrok"), `#!/bin/sh\necho "$@" >> '${started}'\nexit 1\n`, { mode: 0o755 });
    standIn = path.join(work, `pulumi-resource-ngrok-v${communityVersion}.tar.gz`);
    const { execFileSync } = await import("child_process");
    execFileSync("tar", ["-czf", standIn, "-C", dir, "."]);
    await Promise.all([pluginTarball(), yamlLanguageHostDir()]);
  },
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A YAML stack of one reserved domain, `version` naming the plugin's version or not, with both plugins installed. */
async function stackWithBoth(name: string, version: string | undefined): Promise<PulumiStack> {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    [
      `name: ${name}`,
      "runtime: yaml",
      "resources:",
      "  domain:",
      "    type: ngrok:ReservedDomain",
      "    properties:",
      `      domain: ${name}.ngrok.app`,
      ...(version ? ["    options:", `      version: ${version}`] : []),
      "outputs:",
      "  domainId: ${domain.id}",
      "",
    ].join("\n"),
  );
  const PATH = [await yamlLanguageHostDir(), await pulumiBinDir(), nodeBinDir, "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter);
  const stack = await fx.create({ programDir: dir, env: { PATH }, config: { "ngrok:rateLimit": "off" } });
  await stack.run("plugin install (community)", ["plugin", "install", "resource", "ngrok", communityVersion, "--file", standIn]);
  await installPlugin(stack);
  const listed = JSON.parse((await stack.run("plugin ls", ["plugin", "ls", "--json"])).stdout) as { name: string; kind: string; version: string }[];
  expect(listed.filter((p) => p.kind === "resource").map((p) => `${p.name} ${p.version}`).sort()).toEqual([`ngrok ${communityVersion}`, `ngrok ${pluginVersion}`]);
  return stack;
}

/** Deploys `name`'s stack and takes it down: it previews and refreshes with no change, and its provider records `version`. */
async function deployAndDestroy(name: string, version: string | undefined): Promise<void> {
  const s = await stackWithBoth(name, version);
  const domains = () => (fx.emu.resources("reserved_domains") as { domain: string }[]).filter((d) => d.domain === `${name}.ngrok.app`);
  await s.up();
  expect(domains()).toHaveLength(1);
  await s.previewExpectNoChanges();
  await s.refreshExpectNoChanges();
  const state = await s.stackExport();
  const provider = state.deployment.resources!.find((r) => r.type === "pulumi:providers:ngrok")!;
  // A pinned program's provider records its version; an unpinned one records none and ran the newest.
  expect({ name, version: provider.inputs!.version }).toEqual({ name, version });
  await s.destroy();
  expect(domains()).toEqual([]);
}

// Two stacks at once (their own PULUMI_HOME each): one names this provider's version, one names
// none (the newest installed runs).
it("deploys programs pinned and unpinned with the community plugin installed beside this one, never starting that one", async () => {
  await Promise.all([deployAndDestroy("both-pinned", pluginVersion), deployAndDestroy("both-unpinned", undefined)]);
  expect(fs.existsSync(started) ? fs.readFileSync(started, "utf8") : "never started").toBe("never started");
});

/**
 * Runs Pulumi's own dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) and drives it
 * over gRPC as the engine does: Configure first, then Check/Diff/Create/Read/Update/Delete.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as prov from "@pulumi/pulumi/proto/provider_pb";
import { ProviderProcess, connectProvider, type ProviderConnection, type Props } from "./provider-process";

const repo = path.resolve(__dirname, "..", "..");

export class DynamicProviderHost extends ProviderProcess {
  private constructor(
    connection: ProviderConnection,
    private readonly dir: string,
  ) {
    super(connection);
  }

  /**
   * Starts the host in a fresh program directory where `pulumi-ngrok` resolves by name, from
   * `nodeModules` (default: the repository's, where it is this build).
   */
  static async start(nodeModules = path.join(repo, "node_modules")): Promise<DynamicProviderHost> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-host-"));
    fs.symlinkSync(nodeModules, path.join(dir, "node_modules"), "dir");
    const node = path.join(repo, "node_modules", ".bin", "node");
    const entry = path.join(repo, "node_modules", "@pulumi", "pulumi", "cmd", "dynamic-provider");
    const connection = await connectProvider("host", node, [entry, "127.0.0.1:1"], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", PULUMI_NODEJS_PROJECT: "host-test", HOME: dir },
    });
    return new DynamicProviderHost(connection, dir);
  }

  async configure(config: Record<string, string>): Promise<void> {
    const req = new prov.ConfigureRequest();
    req.setArgs(Struct.fromJavaScript(config));
    await this.call("configure", req);
  }

  async diff(urn: string, id: string, olds: Props, news: Props): Promise<{ changes: number; replaces: string[]; deleteBeforeReplace: boolean }> {
    const res = await this.diffResponse(urn, id, olds, news);
    return { changes: res.getChanges(), replaces: res.getReplacesList(), deleteBeforeReplace: res.getDeletebeforereplace() };
  }

  async read(urn: string, id: string, props: Props, inputs?: Props): Promise<{ id: string; props: Props }> {
    const res = await this.readResponse(urn, id, props, inputs);
    return { id: res.getId(), props: (res.getProperties()?.toJavaScript() ?? {}) as Props };
  }

  override async stop(): Promise<void> {
    await super.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

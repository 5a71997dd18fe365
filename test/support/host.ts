/**
 * Runs Pulumi's own dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) and drives it
 * over gRPC as the engine does: Configure first, then Check/Diff/Create/Read/Update/Delete.
 */
import { spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as readline from "readline";
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as prov from "@pulumi/pulumi/proto/provider_pb";

const repo = path.resolve(__dirname, "..", "..");
type Props = Record<string, unknown>;

export class DynamicProviderHost {
  private constructor(
    private readonly child: ChildProcess,
    private readonly client: provrpc.ResourceProviderClient,
    readonly stderr: string[],
    private readonly dir: string,
  ) {}

  /**
   * Starts the host in a fresh program directory where `pulumi-ngrok` resolves by name, from
   * `nodeModules` (default: the repository's, where it is this build).
   */
  static async start(nodeModules = path.join(repo, "node_modules")): Promise<DynamicProviderHost> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-host-"));
    fs.symlinkSync(nodeModules, path.join(dir, "node_modules"), "dir");
    const node = path.join(repo, "node_modules", ".bin", "node");
    const entry = path.join(repo, "node_modules", "@pulumi", "pulumi", "cmd", "dynamic-provider");
    const child = spawn(node, [entry, "127.0.0.1:1"], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", PULUMI_NODEJS_PROJECT: "host-test", HOME: dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stderr: string[] = [];
    child.stderr!.on("data", (d: Buffer) => stderr.push(d.toString()));
    const port = await new Promise<string>((resolve, reject) => {
      const lines = readline.createInterface({ input: child.stdout! });
      lines.once("line", (line) => resolve(line.trim()));
      child.once("exit", (code) => reject(new Error(`host exited with ${code}: ${stderr.join("")}`)));
    });
    const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    return new DynamicProviderHost(child, client, stderr, dir);
  }

  private call<Req, Res>(method: string, req: Req): Promise<Res> {
    const fn = (this.client as unknown as Record<string, (r: Req, cb: (e: grpc.ServiceError | null, r: Res) => void) => void>)[method]!;
    return new Promise((resolve, reject) => fn.call(this.client, req, (err, res) => (err ? reject(err) : resolve(res))));
  }

  async configure(config: Record<string, string>): Promise<void> {
    const req = new prov.ConfigureRequest();
    req.setArgs(Struct.fromJavaScript(config));
    await this.call("configure", req);
  }

  async check(urn: string, olds: Props, news: Props): Promise<{ inputs: Props; failures: { property: string; reason: string }[] }> {
    const req = new prov.CheckRequest();
    req.setUrn(urn);
    req.setOlds(Struct.fromJavaScript(olds as never));
    req.setNews(Struct.fromJavaScript(news as never));
    const res = await this.call<prov.CheckRequest, prov.CheckResponse>("check", req);
    return {
      inputs: res.getInputs()!.toJavaScript() as Props,
      failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(urn: string, id: string, olds: Props, news: Props): Promise<{ changes: number; replaces: string[]; deleteBeforeReplace: boolean }> {
    const req = new prov.DiffRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setOlds(Struct.fromJavaScript(olds as never));
    req.setNews(Struct.fromJavaScript(news as never));
    const res = await this.call<prov.DiffRequest, prov.DiffResponse>("diff", req);
    return { changes: res.getChanges(), replaces: res.getReplacesList(), deleteBeforeReplace: res.getDeletebeforereplace() };
  }

  async create(urn: string, props: Props): Promise<{ id: string; props: Props }> {
    const req = new prov.CreateRequest();
    req.setUrn(urn);
    req.setProperties(Struct.fromJavaScript(props as never));
    const res = await this.call<prov.CreateRequest, prov.CreateResponse>("create", req);
    return { id: res.getId(), props: res.getProperties()!.toJavaScript() as Props };
  }

  async read(urn: string, id: string, props: Props, inputs?: Props): Promise<{ id: string; props: Props }> {
    const req = new prov.ReadRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setProperties(Struct.fromJavaScript(props as never));
    if (inputs) req.setInputs(Struct.fromJavaScript(inputs as never));
    const res = await this.call<prov.ReadRequest, prov.ReadResponse>("read", req);
    return { id: res.getId(), props: (res.getProperties()?.toJavaScript() ?? {}) as Props };
  }

  async update(urn: string, id: string, olds: Props, news: Props): Promise<Props> {
    const req = new prov.UpdateRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setOlds(Struct.fromJavaScript(olds as never));
    req.setNews(Struct.fromJavaScript(news as never));
    const res = await this.call<prov.UpdateRequest, prov.UpdateResponse>("update", req);
    return res.getProperties()!.toJavaScript() as Props;
  }

  async delete(urn: string, id: string, props: Props): Promise<void> {
    const req = new prov.DeleteRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setProperties(Struct.fromJavaScript(props as never));
    await this.call<prov.DeleteRequest, Empty>("delete", req);
  }

  async stop(): Promise<void> {
    this.client.close();
    const exited = new Promise((r) => this.child.once("exit", r));
    this.child.kill("SIGTERM");
    await exited;
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

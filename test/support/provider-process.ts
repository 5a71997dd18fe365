/**
 * A child process serving Pulumi's ResourceProvider gRPC service (the dynamic-provider host, the
 * provider plugin), started and driven as the engine does. The calls whose requests and answers
 * the engine treats alike for both live here; each subclass adds the ones it reads differently.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "child_process";
import * as readline from "readline";
import * as grpc from "@grpc/grpc-js";
import type { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as prov from "@pulumi/pulumi/proto/provider_pb";

export type Props = Record<string, unknown>;

export interface ProviderConnection {
  child: ChildProcess;
  client: provrpc.ResourceProviderClient;
  /** Everything the process wrote to stderr. */
  stderr: string[];
}

/**
 * Spawns `command args` and connects to the port it prints on its first stdout line, as the
 * engine does; rejects with its stderr, naming it `what`, when it exits first.
 */
export async function connectProvider(what: string, command: string, args: string[], options: SpawnOptions): Promise<ProviderConnection> {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  const stderr: string[] = [];
  child.stderr!.on("data", (d: Buffer) => stderr.push(d.toString()));
  const port = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once("line", (line) => resolve(line.trim()));
    child.once("exit", (code) => reject(new Error(`${what} exited with ${code}: ${stderr.join("")}`)));
  });
  const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return { child, client, stderr };
}

export abstract class ProviderProcess {
  protected readonly child: ChildProcess;
  protected readonly client: provrpc.ResourceProviderClient;
  readonly stderr: string[];

  protected constructor(connection: ProviderConnection) {
    this.child = connection.child;
    this.client = connection.client;
    this.stderr = connection.stderr;
  }

  protected call<Req, Res>(method: string, req: Req): Promise<Res> {
    const fn = (this.client as unknown as Record<string, (r: Req, cb: (e: grpc.ServiceError | null, r: Res) => void) => void>)[method]!;
    return new Promise((resolve, reject) => fn.call(this.client, req, (err, res) => (err ? reject(err) : resolve(res))));
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

  /** Diff's answer as the engine gets it: what of it a test reads differs by process. */
  protected diffResponse(urn: string, id: string, olds: Props, news: Props): Promise<prov.DiffResponse> {
    const req = new prov.DiffRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setOlds(Struct.fromJavaScript(olds as never));
    req.setNews(Struct.fromJavaScript(news as never));
    return this.call<prov.DiffRequest, prov.DiffResponse>("diff", req);
  }

  /** Read's answer; `inputs` are sent only when given. */
  protected readResponse(urn: string, id: string, props: Props, inputs?: Props): Promise<prov.ReadResponse> {
    const req = new prov.ReadRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setProperties(Struct.fromJavaScript(props as never));
    if (inputs) req.setInputs(Struct.fromJavaScript(inputs as never));
    return this.call<prov.ReadRequest, prov.ReadResponse>("read", req);
  }

  async create(urn: string, props: Props): Promise<{ id: string; props: Props }> {
    const req = new prov.CreateRequest();
    req.setUrn(urn);
    req.setProperties(Struct.fromJavaScript(props as never));
    const res = await this.call<prov.CreateRequest, prov.CreateResponse>("create", req);
    return { id: res.getId(), props: res.getProperties()!.toJavaScript() as Props };
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

  /** Closes the connection and ends the process, waiting for it to exit. */
  async stop(): Promise<void> {
    this.client.close();
    const exited = new Promise((r) => this.child.once("exit", r));
    this.child.kill("SIGTERM");
    await exited;
  }
}

/**
 * Runs the provider plugin (`dist/provider/hosts/plugin/main.js`, what the bundled `pulumi-resource-ngrok`
 * runs) and drives it over gRPC as the engine does, with a stand-in for the engine's log service
 * that records every line the plugin logs.
 */
import * as path from "path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as enginerpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as engine from "@pulumi/pulumi/proto/engine_pb";
import * as prov from "@pulumi/pulumi/proto/provider_pb";
import { ProviderProcess, connectProvider, type ProviderConnection, type Props } from "./provider-process";

const repo = path.resolve(__dirname, "..", "..");

export const secretSig = { key: "4dabf18193072939515e22adb298388d", value: "1b47061264138c4ac30d75fd1eb44270" };

/** A value marked secret, as the engine sends it. */
export function secret(value: unknown): Props {
  return { [secretSig.key]: secretSig.value, value };
}

export function isSecret(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as Props)[secretSig.key] === secretSig.value;
}

export interface LogLine {
  severity: number;
  message: string;
  urn: string;
}

export interface PropertyDiff {
  kind: keyof typeof prov.PropertyDiff.Kind;
  inputDiff: boolean;
}

export class ProviderPlugin extends ProviderProcess {
  private constructor(
    connection: ProviderConnection,
    private readonly engineServer: grpc.Server,
    readonly logs: LogLine[],
  ) {
    super(connection);
  }

  static async start(env: Record<string, string> = {}): Promise<ProviderPlugin> {
    const logs: LogLine[] = [];
    const engineServer = new grpc.Server();
    engineServer.addService(enginerpc.EngineService, {
      log: (call: grpc.ServerUnaryCall<engine.LogRequest, Empty>, cb: grpc.sendUnaryData<Empty>) => {
        logs.push({ severity: call.request.getSeverity(), message: call.request.getMessage(), urn: call.request.getUrn() });
        cb(null, new Empty());
      },
    } as unknown as enginerpc.IEngineServer);
    const enginePort = await new Promise<number>((resolve, reject) =>
      engineServer.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
    );
    const node = path.join(repo, "node_modules", ".bin", "node");
    const connection = await connectProvider("plugin", node, [path.join(repo, "dist", "provider", "hosts", "plugin", "main.js"), `127.0.0.1:${enginePort}`], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PULUMI_NGROK_PACING_DIR: process.env.PULUMI_NGROK_PACING_DIR ?? "", ...env },
    });
    return new ProviderPlugin(connection, engineServer, logs);
  }

  async schema(): Promise<Props> {
    const res = await this.call<prov.GetSchemaRequest, prov.GetSchemaResponse>("getSchema", new prov.GetSchemaRequest());
    return JSON.parse(res.getSchema()) as Props;
  }

  /** `ngrok:*` config as the engine passes it: variables by full key, and args by name (secrets marked). */
  async configure(config: Record<string, string>, secretKeys: string[] = ["apiKey"]): Promise<void> {
    const req = new prov.ConfigureRequest();
    for (const [k, v] of Object.entries(config)) req.getVariablesMap().set(`ngrok:${k}`, v);
    req.setArgs(Struct.fromJavaScript(Object.fromEntries(Object.entries(config).map(([k, v]) => [k, secretKeys.includes(k) ? secret(v) : v])) as never));
    req.setAcceptsecrets(true);
    await this.call("configure", req);
  }

  async diff(
    urn: string,
    id: string,
    olds: Props,
    news: Props,
  ): Promise<{ changes: number; diffs: string[]; replaces: string[]; deleteBeforeReplace: boolean; detailedDiff: Record<string, PropertyDiff> }> {
    const res = await this.diffResponse(urn, id, olds, news);
    const kinds = Object.fromEntries(Object.entries(prov.PropertyDiff.Kind).map(([k, v]) => [v, k])) as Record<number, PropertyDiff["kind"]>;
    const detailedDiff: Record<string, PropertyDiff> = {};
    res.getDetaileddiffMap().forEach((d, k) => (detailedDiff[k] = { kind: kinds[d.getKind()]!, inputDiff: d.getInputdiff() }));
    return { changes: res.getChanges(), diffs: res.getDiffsList(), replaces: res.getReplacesList(), deleteBeforeReplace: res.getDeletebeforereplace(), detailedDiff };
  }

  async read(urn: string, id: string, props: Props = {}, inputs: Props = {}): Promise<{ id: string; props?: Props; inputs?: Props }> {
    const res = await this.readResponse(urn, id, props, inputs);
    return { id: res.getId(), props: res.getProperties()?.toJavaScript() as Props | undefined, inputs: res.getInputs()?.toJavaScript() as Props | undefined };
  }

  async invoke(token: string, args: Props, preview = false): Promise<{ result?: Props; failures: string[] }> {
    const req = new prov.InvokeRequest();
    req.setTok(token);
    req.setArgs(Struct.fromJavaScript(args as never));
    req.setPreview(preview);
    const res = await this.call<prov.InvokeRequest, prov.InvokeResponse>("invoke", req);
    return { result: res.getReturn()?.toJavaScript() as Props | undefined, failures: res.getFailuresList().map((f) => f.getReason()) };
  }

  override async stop(): Promise<void> {
    await super.stop();
    await new Promise<void>((r) => this.engineServer.tryShutdown(() => r()));
  }
}

/** The URN of a resource of `kind` as the engine names it for the plugin. */
export function urnOf(kind: string, name = "r"): string {
  return `urn:pulumi:test::plugin::ngrok:index:${kind}::${name}`;
}

/**
 * The native provider plugin (`pulumi-resource-ngrok`): Pulumi's provider gRPC protocol served on
 * the provider core, as the dynamic-provider host serves it. What only a plugin can do is here:
 * property-level diffs with replace reasons, `pulumi import` (a read that returns inputs), secrets
 * kept secret across the wire, and the provider's events (adoption notes, agent command progress,
 * retries and pacing waits) in the engine's log, on the resource being served. Nothing here names
 * a resource kind: a kind is served because the core serves it.
 */
import { AsyncLocalStorage } from "async_hooks";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as enginerpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engine from "@pulumi/pulumi/proto/engine_pb";
import * as plugin from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as prov from "@pulumi/pulumi/proto/provider_pb";
import { ArgumentError, UnknownFunctionError, UnknownKindError } from "../../core/errors";
import { type EventSink, readSettings, sameSettings } from "../../contract";
import { Provider } from "../../core/provider";
import { isAbsent } from "../../engine/values";
import { terraformMapping } from "../../adopt/terraform";
import { engineFailures } from "../failures";
import { containsAny, fromStruct, secretLeaves, structValues, toStruct, unwrapped, wholeSecrets, type Unwrapped } from "./codec";

/** Resource and function tokens are `ngrok:index:<Name>`, as schema.json writes them. */
export const tokenPrefix = "ngrok:index:";

/** The engine's log, with the resource each line is about (the call being served). */
class EngineLog {
  private readonly client: enginerpc.EngineClient | undefined;
  readonly urn = new AsyncLocalStorage<string>();

  constructor(address: string | undefined) {
    this.client = address ? new enginerpc.EngineClient(address, grpc.credentials.createInsecure()) : undefined;
  }

  write(severity: engine.LogSeverity, message: string): void {
    if (!this.client) {
      process.stderr.write(`${message}\n`);
      return;
    }
    const req = new engine.LogRequest();
    req.setSeverity(severity);
    req.setMessage(message);
    const urn = this.urn.getStore() ?? "";
    req.setUrn(urn);
    const client = this.client;
    const sent = new Promise<void>((resolve) => client.log(req, () => resolve()));
    const pending = this.pending.get(urn) ?? new Set<Promise<void>>();
    this.pending.set(urn, pending.add(sent));
    void sent.then(() => {
      pending.delete(sent);
      if (pending.size === 0 && this.pending.get(urn) === pending) this.pending.delete(urn);
    });
  }

  /** Log lines still on their way to the engine, by the resource they are about. */
  private readonly pending = new Map<string, Set<Promise<void>>>();

  /** Resolves once the lines written so far about `urn` have reached the engine (or failed to). */
  async delivered(urn: string): Promise<void> {
    const pending = this.pending.get(urn);
    if (pending) await Promise.all([...pending]);
  }

  close(): void {
    this.client?.close();
  }
}

/** The plugin: one per process, so one Provider (rebuilt only when Configure brings other settings). */
export class NgrokProvider {
  private current: Provider | undefined;
  /**
   * Both kinds of lines go out as INFO: the engine shows DEBUG lines only with `--debug`, and a
   * retry or a wait for room under the rate limit is what a user watching `pulumi up` waits on.
   */
  private readonly events: EventSink = {
    info: (message) => this.log.write(engine.LogSeverity.INFO, message),
    warn: (message) => this.log.write(engine.LogSeverity.WARNING, message),
    debug: (message) => this.log.write(engine.LogSeverity.INFO, message),
  };

  constructor(
    readonly log: EngineLog,
    private readonly version: string,
    private readonly schema: () => string,
  ) {}

  /** The process's provider; before Configure, from the environment alone. */
  private provider(): Provider {
    return (this.current ??= new Provider({ settings: readSettings(() => undefined), events: this.events }));
  }

  /** The kind a URN names (the core answers a kind this version does not serve in one line). */
  private kind(urn: string): string {
    return kindOf(urn);
  }

  getPluginInfo(): plugin.PluginInfo {
    const info = new plugin.PluginInfo();
    info.setVersion(this.version);
    return info;
  }

  getSchema(): prov.GetSchemaResponse {
    const res = new prov.GetSchemaResponse();
    res.setSchema(this.schema());
    return res;
  }

  /** Settings are validated when the client is made (the first API call), as for the dynamic SDK. */
  checkConfig(req: prov.CheckRequest): prov.CheckResponse {
    const res = new prov.CheckResponse();
    res.setInputs(req.getNews());
    return res;
  }

  diffConfig(req: prov.DiffRequest): prov.DiffResponse {
    const olds = fromStruct(req.getOldInputs() ?? req.getOlds()).props;
    const news = fromStruct(req.getNews()).props;
    const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
      (k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k]),
    );
    const res = new prov.DiffResponse();
    res.setChanges(changed.length ? prov.DiffResponse.DiffChanges.DIFF_SOME : prov.DiffResponse.DiffChanges.DIFF_NONE);
    res.setDiffsList(changed);
    return res;
  }

  configure(req: prov.ConfigureRequest): prov.ConfigureResponse {
    const args = fromStruct(req.getArgs()).props;
    const variables = req.getVariablesMap();
    const prefix = tokenPrefix.split(":")[0]! + ":";
    const settings = readSettings((key) => {
      const fromArgs = key.startsWith(prefix) ? args[key.slice(prefix.length)] : undefined;
      if (typeof fromArgs === "string") return fromArgs;
      return variables.get(key);
    });
    if (!this.current || !sameSettings(this.current.settings, settings)) {
      void this.current?.close();
      this.current = new Provider({ settings, events: this.events });
    }
    const res = new prov.ConfigureResponse();
    res.setAcceptsecrets(true);
    res.setSupportspreview(false);
    res.setAcceptresources(false);
    res.setAcceptoutputs(false);
    return res;
  }

  async check(req: prov.CheckRequest): Promise<prov.CheckResponse> {
    const kind = this.kind(req.getUrn());
    const olds = fromStruct(req.getOlds());
    const news = this.prepared(kind, req.getNews());
    const result = await this.provider().check(kind, olds.props, news.props);
    const res = new prov.CheckResponse();
    res.setInputs(toStruct(result.inputs, news.secrets));
    res.setFailuresList(
      engineFailures(result.failures).map(({ property, reason }) => {
        const f = new prov.CheckFailure();
        f.setProperty(property);
        f.setReason(reason);
        return f;
      }),
    );
    return res;
  }

  async diff(req: prov.DiffRequest): Promise<prov.DiffResponse> {
    const kind = this.kind(req.getUrn());
    const olds = fromStruct(req.getOlds()).props;
    const news = fromStruct(req.getNews()).props;
    const result = await this.provider().diff(kind, req.getId(), olds, news);
    const res = new prov.DiffResponse();
    res.setChanges(result.changes ? prov.DiffResponse.DiffChanges.DIFF_SOME : prov.DiffResponse.DiffChanges.DIFF_NONE);
    res.setDiffsList(result.changed);
    res.setReplacesList(result.replaces);
    res.setDeletebeforereplace(result.deleteBeforeReplace);
    res.setHasdetaileddiff(true);
    const detailed = res.getDetaileddiffMap();
    for (const name of result.changed) {
      const replace = result.replaces.includes(name);
      const K = prov.PropertyDiff.Kind;
      const kind = isAbsent(olds[name])
        ? replace ? K.ADD_REPLACE : K.ADD
        : isAbsent(news[name])
          ? replace ? K.DELETE_REPLACE : K.DELETE
          : replace ? K.UPDATE_REPLACE : K.UPDATE;
      const d = new prov.PropertyDiff();
      d.setKind(kind);
      d.setInputdiff(true);
      detailed.set(name, d);
    }
    return res;
  }

  async create(req: prov.CreateRequest): Promise<prov.CreateResponse> {
    const kind = this.kind(req.getUrn());
    const inputs = fromStruct(req.getProperties());
    const { id, outs, secretOutputs } = await this.provider().create(kind, inputs.props);
    const res = new prov.CreateResponse();
    res.setId(id);
    res.setProperties(toStruct(outs, union(inputs.secrets, secretOutputs)));
    return res;
  }

  async read(req: prov.ReadRequest): Promise<prov.ReadResponse> {
    const kind = this.kind(req.getUrn());
    const props = fromStruct(req.getProperties());
    const inputs = fromStruct(req.getInputs());
    const res = new prov.ReadResponse();
    const given = union(props.secrets, inputs.secrets);
    // No state: `pulumi import` (or `get`), by import id; it takes the inputs the resource has.
    if (Object.keys(props.props).length === 0) {
      const found = await this.provider().import(kind, req.getId());
      if (!found) return res; // gone
      const secrets = union(given, found.secretOutputs);
      res.setId(found.id);
      res.setProperties(toStruct(found.props, secrets));
      res.setInputs(toStruct(found.inputs, secrets));
      return res;
    }
    // A refresh keeps the program's inputs.
    const result = await this.provider().read(kind, req.getId(), props.props);
    if (result.id === "") return res; // gone
    res.setId(result.id);
    res.setProperties(toStruct(result.props, union(given, result.secretOutputs)));
    res.setInputs(req.getInputs() ?? toStruct({}));
    return res;
  }

  async update(req: prov.UpdateRequest): Promise<prov.UpdateResponse> {
    const kind = this.kind(req.getUrn());
    const olds = fromStruct(req.getOlds());
    const news = fromStruct(req.getNews());
    const { outs, secretOutputs } = await this.provider().update(kind, req.getId(), olds.props, news.props);
    const res = new prov.UpdateResponse();
    res.setProperties(toStruct(outs, union(olds.secrets, news.secrets, secretOutputs)));
    return res;
  }

  async delete(req: prov.DeleteRequest): Promise<Empty> {
    const kind = this.kind(req.getUrn());
    await this.provider().delete(kind, req.getId(), fromStruct(req.getProperties()).props);
    return new Empty();
  }

  /**
   * What Pulumi's Terraform converter asks (`pulumi convert --from terraform`, `pulumi import
   * --from`): the mapping from ngrok's Terraform provider onto this one. Other keys have none.
   */
  getMapping(req: prov.GetMappingRequest): prov.GetMappingResponse {
    const res = new prov.GetMappingResponse();
    const name = tokenPrefix.split(":")[0]!;
    if (req.getKey() !== "terraform" || (req.getProvider() !== "" && req.getProvider() !== name)) return res;
    res.setProvider(name);
    res.setData(Buffer.from(terraformMapping(this.version)));
    return res;
  }

  /** The one mapping this plugin has, for the converter that lists them first. */
  getMappings(req: prov.GetMappingsRequest): prov.GetMappingsResponse {
    const res = new prov.GetMappingsResponse();
    if (req.getKey() === "terraform") res.setProvidersList([tokenPrefix.split(":")[0]!]);
    return res;
  }

  async invoke(req: prov.InvokeRequest): Promise<prov.InvokeResponse> {
    const token = req.getTok();
    const name = token.startsWith(tokenPrefix) ? token.slice(tokenPrefix.length) : token;
    const args = fromStruct(req.getArgs());
    const res = new prov.InvokeResponse();
    try {
      res.setReturn(toStruct(await this.provider().invoke(name, args.props, { preview: req.getPreview() })));
    } catch (err) {
      if (err instanceof UnknownFunctionError) throw new Error(`this version of pulumi-resource-ngrok has no function ${token}`);
      if (!(err instanceof ArgumentError)) throw err;
      // Wrong arguments are the engine's check failures of the call.
      const f = new prov.CheckFailure();
      f.setReason(err.message);
      res.setFailuresList([f]);
    }
    return res;
  }

  /**
   * The program's inputs with what an SDK class would set from them (a policy's credentials split
   * out). A property it sets is a secret when the definition says so, when the program gave it as
   * a secret as a whole, or when it still holds a value the program gave as a secret.
   */
  private prepared(kind: string, news: Struct | undefined): Unwrapped {
    const raw = structValues(news);
    const given = unwrapped(raw);
    const { inputs, set } = this.provider().prepareInputs(kind, given.props);
    if (set.length === 0) return given;
    const hidden = secretLeaves(raw);
    const whole = wholeSecrets(raw);
    const secretByDefinition = this.provider().secretOutputs(kind);
    const secrets = new Set(given.secrets);
    for (const name of set) {
      secrets.delete(name);
      if (secretByDefinition.has(name) || whole.has(name) || containsAny(inputs[name], hidden)) secrets.add(name);
    }
    return { props: inputs, secrets };
  }
}

/** Outputs stored as secrets: those the definition calls secret, and those whose input was one. */
function union(...sets: ReadonlySet<string>[]): Set<string> {
  return new Set(sets.flatMap((s) => [...s]));
}

/** The type token of a URN (`urn:pulumi:stack::project::ngrok:index:Credential::name`). */
function typeOf(urn: string): string {
  const parts = urn.split("::");
  const types = parts[2] ?? "";
  return types.split("$").pop() ?? "";
}

function kindOf(urn: string): string {
  const type = typeOf(urn);
  return type.startsWith(tokenPrefix) ? type.slice(tokenPrefix.length) : type;
}

/** A gRPC error whose message is the failure's, one line, as the engine prints it. */
function rpcError(err: unknown): grpc.ServiceError {
  // A kind this version does not serve is named by its type token, as the program's language names it.
  const message = err instanceof UnknownKindError ? new UnknownKindError(`${tokenPrefix}${err.kind}`).message : err instanceof Error ? err.message : String(err);
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata: new grpc.Metadata() });
}

type Unary<Req, Res> = (call: grpc.ServerUnaryCall<Req, Res>, callback: grpc.sendUnaryData<Res>) => void;

/** A unary method of the service: its URN (when it has one) is the log's context while it runs. */
function unary<Req, Res>(provider: NgrokProvider, fn: (req: Req) => Res | Promise<Res>): Unary<Req, Res> {
  return (call, callback) => {
    const named = call.request as { getUrn?: () => string | undefined };
    const urn = typeof named.getUrn === "function" ? (named.getUrn() ?? "") : "";
    provider.log.urn.run(urn, () => {
      // A call's log lines (its retries and waits) reach the engine before its answer does.
      Promise.resolve()
        .then(() => fn(call.request))
        .then(
          async (res) => {
            await provider.log.delivered(urn);
            callback(null, res);
          },
          async (err: unknown) => {
            await provider.log.delivered(urn);
            callback(rpcError(err));
          },
        );
    });
  };
}

export interface RunningPlugin {
  port: number;
  stop(): Promise<void>;
}

/** Serves the provider on a loopback port; `engineAddress` is where the engine's log is (absent in tests). */
export async function serve(engineAddress: string | undefined, options: { version: string; schema: () => string }): Promise<RunningPlugin> {
  const log = new EngineLog(engineAddress);
  const provider = new NgrokProvider(log, options.version, options.schema);
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 << 20, "grpc.max_send_message_length": 400 << 20 });
  const impl: Partial<provrpc.IResourceProviderServer> = {
    getPluginInfo: unary(provider, (_req: Empty) => provider.getPluginInfo()),
    getSchema: unary(provider, (_req: prov.GetSchemaRequest) => provider.getSchema()),
    checkConfig: unary(provider, (req: prov.CheckRequest) => provider.checkConfig(req)),
    diffConfig: unary(provider, (req: prov.DiffRequest) => provider.diffConfig(req)),
    configure: unary(provider, (req: prov.ConfigureRequest) => provider.configure(req)),
    check: unary(provider, (req: prov.CheckRequest) => provider.check(req)),
    diff: unary(provider, (req: prov.DiffRequest) => provider.diff(req)),
    create: unary(provider, (req: prov.CreateRequest) => provider.create(req)),
    read: unary(provider, (req: prov.ReadRequest) => provider.read(req)),
    update: unary(provider, (req: prov.UpdateRequest) => provider.update(req)),
    delete: unary(provider, (req: prov.DeleteRequest) => provider.delete(req)),
    invoke: unary(provider, (req: prov.InvokeRequest) => provider.invoke(req)),
    cancel: unary(provider, (_req: Empty) => new Empty()),
    getMapping: unary(provider, (req: prov.GetMappingRequest) => provider.getMapping(req)),
    getMappings: unary(provider, (req: prov.GetMappingsRequest) => provider.getMappings(req)),
  };
  server.addService(provrpc.ResourceProviderService, impl as provrpc.IResourceProviderServer);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) =>
        server.tryShutdown(() => {
          log.close();
          resolve();
        }),
      ),
  };
}

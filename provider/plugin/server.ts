/**
 * The native provider plugin (`pulumi-resource-ngrok`): Pulumi's provider gRPC protocol served on
 * the same definitions, handlers and functions as the dynamic SDK. What only a plugin can do is
 * here: property-level diffs with replace reasons, `pulumi import` (a read that returns inputs),
 * secrets kept secret across the wire, checks naming property paths, and the client's retries and
 * pacing waits reported through the engine's log. Nothing here names a resource kind: a kind is
 * served because it is in the registry of definitions.
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
import { AgentCommandHandler, agentCommand, agentCommandKind } from "../agent/resource";
import type { ApiClient } from "../client/http";
import { configure as configureSettings, currentClient, readFromLists } from "../config";
import { definitions, isResourceKind } from "../definitions";
import type { Props, ResourceDefinition } from "../definitions/types";
import type { CheckFailure } from "../engine/check";
import { ResourceHandler } from "../engine/handler";
import { locatingInputs } from "../engine/locate";
import { ProgramState } from "../engine/ownership";
import { inputProperties, isAbsent } from "../engine/values";
import { functions } from "../functions";
import type { FunctionDefinition } from "../functions/types";
import { systemClock } from "../../clock";
import { checkArguments } from "../functions/validate";
import { fromStruct, secretLeaves, structValues, toStruct, unwrapped, wholeSecrets, type Unwrapped } from "./values";

/** Resource and function tokens are `ngrok:index:<Name>`, as schema.json writes them. */
export const tokenPrefix = "ngrok:index:";

type Handler = ResourceHandler | AgentCommandHandler;

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

/** The provider: one per plugin process, so one ProgramState and one set of handlers. */
export class NgrokProvider {
  private readonly state = new ProgramState();
  private readonly handlers = new Map<string, Handler>();
  private readonly hooked = new WeakSet<ApiClient>();

  constructor(
    readonly log: EngineLog,
    private readonly version: string,
    private readonly schema: () => string,
  ) {}

  /** The configured client, its retries and pacing waits told to the engine's log. */
  private client = (): ApiClient => {
    const client = currentClient();
    if (!this.hooked.has(client)) {
      this.hooked.add(client);
      client.onAttempt = (e) => {
        if (e.retryInMs === undefined) return;
        const why = e.status !== undefined ? `answered ${e.status}` : `failed (${e.error ?? "network error"})`;
        this.log.write(engine.LogSeverity.INFO, `ngrok: ${e.method} ${e.path} ${why}; retrying in ${(e.retryInMs / 1000).toFixed(1)} s`);
      };
      client.onPacingWait = (e) =>
        this.log.write(engine.LogSeverity.INFO, `ngrok: ${e.method} ${e.path} waits for room under the API's rate limit`);
    }
    return client;
  };

  private handler(urn: string): { handler: Handler; def: ResourceDefinition } {
    const kind = kindOf(urn);
    let handler = this.handlers.get(kind);
    if (kind === agentCommandKind) {
      handler ??= new AgentCommandHandler(this.client, systemClock, (line) => this.log.write(engine.LogSeverity.INFO, line));
      this.handlers.set(kind, handler);
      return { handler, def: agentCommand };
    }
    if (!isResourceKind(kind)) throw new Error(`this version of pulumi-resource-ngrok does not know the resource type ${typeOf(urn)}`);
    handler ??= new ResourceHandler(definitions[kind], this.client, { readFromLists, state: this.state });
    this.handlers.set(kind, handler);
    return { handler, def: definitions[kind] };
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
    configureSettings((key) => {
      const fromArgs = key.startsWith(prefix) ? args[key.slice(prefix.length)] : undefined;
      if (typeof fromArgs === "string") return fromArgs;
      return variables.get(key);
    });
    const res = new prov.ConfigureResponse();
    res.setAcceptsecrets(true);
    res.setSupportspreview(false);
    res.setAcceptresources(false);
    res.setAcceptoutputs(false);
    return res;
  }

  async check(req: prov.CheckRequest): Promise<prov.CheckResponse> {
    const { handler, def } = this.handler(req.getUrn());
    const olds = fromStruct(req.getOlds());
    const news = prepared(def, req.getNews());
    const result = await handler.check(olds.props, news.props);
    const res = new prov.CheckResponse();
    res.setInputs(toStruct(result.inputs, news.secrets));
    res.setFailuresList(result.byProperty.map(checkFailure));
    return res;
  }

  async diff(req: prov.DiffRequest): Promise<prov.DiffResponse> {
    const { handler } = this.handler(req.getUrn());
    const olds = fromStruct(req.getOlds()).props;
    const news = fromStruct(req.getNews()).props;
    const result = await handler.detailedDiff(req.getId(), olds, news);
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
    const { handler, def } = this.handler(req.getUrn());
    const inputs = fromStruct(req.getProperties());
    const { id, outs } = await handler.create(inputs.props);
    const res = new prov.CreateResponse();
    res.setId(id);
    res.setProperties(toStruct(outs, secretOutputs(def, inputs.secrets)));
    return res;
  }

  async read(req: prov.ReadRequest): Promise<prov.ReadResponse> {
    const { handler, def } = this.handler(req.getUrn());
    const props = fromStruct(req.getProperties());
    const inputs = fromStruct(req.getInputs());
    const importing = Object.keys(props.props).length === 0;
    let id = req.getId();
    let located = props.props;
    if (importing) {
      if (!def.binding) throw new Error(`${def.name} cannot be imported or read: it is no object of the API`);
      ({ id, located } = importId(def, id));
    }
    const result = await handler.read(id, located);
    const res = new prov.ReadResponse();
    if (result.id === "") return res; // gone
    const secrets = secretOutputs(def, new Set([...props.secrets, ...inputs.secrets]));
    res.setId(result.id);
    res.setProperties(toStruct(result.props, secrets));
    // A refresh keeps the program's inputs; an import (or `get`) takes the inputs the resource has.
    res.setInputs(importing ? toStruct(inputsOf(def, result.props), secrets) : (req.getInputs() ?? toStruct({})));
    return res;
  }

  async update(req: prov.UpdateRequest): Promise<prov.UpdateResponse> {
    const { handler, def } = this.handler(req.getUrn());
    const olds = fromStruct(req.getOlds());
    const news = fromStruct(req.getNews());
    const { outs } = await handler.update(req.getId(), olds.props, news.props);
    const res = new prov.UpdateResponse();
    res.setProperties(toStruct(outs, secretOutputs(def, new Set([...olds.secrets, ...news.secrets]))));
    return res;
  }

  async delete(req: prov.DeleteRequest): Promise<Empty> {
    const { handler } = this.handler(req.getUrn());
    await handler.delete(req.getId(), fromStruct(req.getProperties()).props);
    return new Empty();
  }

  async invoke(req: prov.InvokeRequest): Promise<prov.InvokeResponse> {
    const def = functionOf(req.getTok());
    const args = fromStruct(req.getArgs());
    const res = new prov.InvokeResponse();
    let checked: Props;
    try {
      checked = checkArguments(def, args.props);
    } catch (err) {
      const f = new prov.CheckFailure();
      f.setReason(err instanceof Error ? err.message : String(err));
      res.setFailuresList([f]);
      return res;
    }
    const result = await def.run(
      {
        client: this.client(),
        clock: systemClock,
        report: (message) => this.log.write(engine.LogSeverity.INFO, message),
        dryRun: def.kind === "command" && req.getPreview(),
      },
      checked,
    );
    res.setReturn(toStruct(result));
    return res;
  }
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

function functionOf(token: string): FunctionDefinition {
  const name = token.startsWith(tokenPrefix) ? token.slice(tokenPrefix.length) : token;
  const def = (functions as Record<string, FunctionDefinition>)[name];
  if (!def) throw new Error(`this version of pulumi-resource-ngrok has no function ${token}`);
  return def;
}

/** Outputs stored as secrets: those the definition calls secret, and those whose input was one. */
function secretOutputs(def: ResourceDefinition, secretInputs: ReadonlySet<string>): Set<string> {
  const out = new Set(secretInputs);
  for (const [name, prop] of Object.entries(def.properties)) if (prop.secret) out.add(name);
  return out;
}

/** The inputs a resource has, as a program would write them: its input properties' values. */
function inputsOf(def: ResourceDefinition, outs: Props): Props {
  const inputs: Props = {};
  for (const [name] of inputProperties(def)) if (!isAbsent(outs[name])) inputs[name] = outs[name];
  return inputs;
}

/**
 * An import id: the resource's id, or for a resource that its id alone cannot locate (a route
 * of an edge), the inputs that locate it and its id joined with "/" (`<edgeId>/<id>`).
 */
function importId(def: ResourceDefinition, id: string): { id: string; located: Props } {
  const locating = locatingInputs(def);
  const parts = id.split("/");
  if (locating.length === 0) return { id, located: {} };
  if (parts.length !== locating.length + 1 || parts.some((p) => p === "")) {
    throw new Error(`${def.name} is imported by ${[...locating.map((k) => `<${k}>`), "<id>"].join("/")}`);
  }
  return { id: parts[parts.length - 1]!, located: Object.fromEntries(locating.map((k, i) => [k, parts[i]])) };
}

/**
 * A failure naming its property path. The engine prints it as "property P value V has a problem:
 * R": R is the reason without the path it begins with, which the engine prints already. A failure
 * across several properties (a rule) names none and keeps its whole reason.
 */
function checkFailure(failure: CheckFailure): prov.CheckFailure {
  const f = new prov.CheckFailure();
  const isPath = /^[A-Za-z_][A-Za-z0-9_]*(\[\d+\]|\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(failure.property);
  if (isPath) {
    f.setProperty(failure.property);
    const rest = failure.reason.startsWith(failure.property) ? failure.reason.slice(failure.property.length) : "";
    f.setReason(/^[ :]/.test(rest) ? rest.replace(/^:?\s*/, "") : failure.reason);
  } else {
    f.setReason(failure.reason);
  }
  return f;
}

/** A gRPC error whose message is the failure's, one line, as the engine prints it. */
function rpcError(err: unknown): grpc.ServiceError {
  const message = err instanceof Error ? err.message : String(err);
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
    getMapping: unary(provider, (_req: prov.GetMappingRequest) => new prov.GetMappingResponse()),
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

/**
 * The program's inputs with what an SDK class would set from them (the definition's
 * `prepareInputs`: a policy's credentials split out). A property it sets is a secret when the
 * definition says so, when the program gave it as a secret as a whole, or when it still holds a
 * value the program gave as a secret.
 */
function prepared(def: ResourceDefinition, news: Struct | undefined): Unwrapped {
  const raw = structValues(news);
  const given = unwrapped(raw);
  if (!def.prepareInputs) return given;
  const set = def.prepareInputs(given.props);
  const hidden = secretLeaves(raw);
  const whole = wholeSecrets(raw);
  const secrets = new Set(given.secrets);
  for (const [name, value] of Object.entries(set)) {
    secrets.delete(name);
    if (def.properties[name]?.secret || whole.has(name) || containsAny(value, hidden)) secrets.add(name);
  }
  return { props: { ...given.props, ...set }, secrets };
}

function containsAny(value: unknown, leaves: ReadonlySet<unknown>): boolean {
  if (leaves.has(value)) return true;
  if (Array.isArray(value)) return value.some((v) => containsAny(v, leaves));
  if (value && typeof value === "object") return Object.values(value).some((v) => containsAny(v, leaves));
  return false;
}

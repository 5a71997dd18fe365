/**
 * The provider: every resource kind of the registry behind one Handler interface, what it knows
 * of the program, its API client and the functions, built from settings and an event sink. It
 * knows no host: the dynamic-provider host and the plugin each make one per process and put its
 * answers in their own shapes. Nothing is kept outside the object.
 */
import { systemClock, type Clock } from "../../clock";
import { MissingApiKeyError } from "../client/errors";
import type { ApiClient, ClientOptions } from "../client/http";
import { ledgerNoticeLine } from "../client/rate-ledger";
import { definitions, isResourceKind, type ResourceKind } from "../definitions";
import { aiGatewayClientOptions, type BoundDefinition, type CheckResult, clientOptions, type CreateResult, type DiffResult, type EventSink, type Handler, type KindContext, type Props, readFromLists, type ReadResult, type ResourceDefinition, type Settings, silentEvents, type UpdateResult } from "../contract";
import { ResourceHandler } from "../engine/handler";
import { ProgramState } from "../engine/ownership";
import { inputProperties, isAbsent } from "../engine/values";
import type { FunctionDefinition } from "../functions/types";
import type { LookupWalks } from "../functions/walks";
import { UnknownFunctionError, UnknownKindError, UnsupportedError } from "./errors";
import { parseImportId } from "./import-id";

export interface ProviderOptions {
  settings: Settings;
  events?: EventSink;
  clock?: Clock;
}

/** A resource found by its import id: its outputs, and its inputs as a program would write them. */
export interface Imported {
  id: string;
  props: Props;
  inputs: Props;
}

/** An operation's answer, with the outputs the kind keeps as secrets whatever the program gave. */
export type WithSecrets<T> = T & { secretOutputs: ReadonlySet<string> };

/** The program's inputs with what an SDK class would set from them, and the names it set. */
export interface PreparedInputs {
  inputs: Props;
  set: string[];
}

export class Provider {
  readonly settings: Readonly<Settings>;
  readonly events: EventSink;
  readonly clock: Clock;
  /** What this provider knows of the program it serves, shared by every kind. */
  readonly state = new ProgramState();
  private apiClient: ApiClient | undefined;
  private aiClient: ApiClient | undefined;
  private readonly handlers = new Map<string, Handler>();
  private readonly readers = new Map<string, ResourceHandler>();
  /** The list walks lookups share, made at the first lookup. */
  private walks: LookupWalks | undefined;
  /** The outputs each kind keeps as secrets, worked out at their first use. */
  private readonly secretsByKind = new Map<ResourceDefinition, ReadonlySet<string>>();
  private readonly context: KindContext;

  constructor(options: ProviderOptions) {
    this.settings = { ...options.settings };
    this.events = options.events ?? silentEvents;
    this.clock = options.clock ?? systemClock;
    this.context = {
      client: () => this.client(),
      aiGatewayClient: () => this.aiGatewayClient(),
      state: this.state,
      events: this.events,
      clock: this.clock,
      readFromLists: () => readFromLists(this.settings),
      kinds: Object.values(definitions),
    };
  }

  /** Every kind this provider serves. */
  kinds(): ResourceKind[] {
    return Object.keys(definitions) as ResourceKind[];
  }

  has(kind: string): kind is ResourceKind {
    return isResourceKind(kind);
  }

  definition(kind: string): ResourceDefinition {
    return this.handler(kind).def;
  }

  /** The kind's operations, made at their first use with this provider's context. */
  handler(kind: string): Handler {
    let handler = this.handlers.get(kind);
    if (!handler) {
      if (!isResourceKind(kind)) throw new UnknownKindError(kind);
      const def: ResourceDefinition = definitions[kind];
      handler = def.operations ? def.operations(this.context) : new ResourceHandler(def as BoundDefinition, this.context);
      this.handlers.set(kind, handler);
    }
    return handler;
  }

  check(kind: string, olds: Props, news: Props): Promise<CheckResult> {
    return this.handler(kind).check(olds, news);
  }

  diff(kind: string, id: string, olds: Props, news: Props): Promise<DiffResult> {
    return this.handler(kind).diff(id, olds, news);
  }

  async create(kind: string, inputs: Props): Promise<WithSecrets<CreateResult>> {
    const handler = this.handler(kind);
    return { ...(await this.writing(kind, handler.create(inputs))), secretOutputs: this.secretOutputsOf(handler.def) };
  }

  async read(kind: string, id: string, props?: Props, everything?: boolean): Promise<WithSecrets<ReadResult>> {
    const handler = this.handler(kind);
    return { ...(await handler.read(id, props, everything)), secretOutputs: this.secretOutputsOf(handler.def) };
  }

  async update(kind: string, id: string, olds: Props, news: Props): Promise<WithSecrets<UpdateResult>> {
    const handler = this.handler(kind);
    return { ...(await this.writing(kind, handler.update(id, olds, news))), secretOutputs: this.secretOutputsOf(handler.def) };
  }

  delete(kind: string, id: string, props?: Props): Promise<void> {
    return this.writing(kind, this.handler(kind).delete(id, props));
  }

  /** A write of the kind, whatever its outcome: lookups no longer use the walks of its list made before it. */
  private async writing<T>(kind: string, write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.walks?.invalidate(kind);
    }
  }

  /** The resource an import id names (`pulumi import`, `get`); undefined when there is none. */
  async import(kind: string, importId: string): Promise<WithSecrets<Imported> | undefined> {
    const def = this.definition(kind);
    if (!def.binding) throw new UnsupportedError(`${def.name} cannot be imported: it is no object of the API`);
    const { id, located } = parseImportId(def, importId);
    const found = await this.handler(kind).read(id, located);
    if (found.id === "") return undefined;
    // What a program writes: no input an SDK class sets. A secret the API never answers is absent,
    // and the generated program holds it empty, which preview refuses, for the program to read from
    // config; a secret input the API answers (an event destination's target, whose own secret fields
    // it never answers) is kept, and Pulumi's importer marks it secret.
    const inputs: Props = {};
    for (const [name, prop] of inputProperties(def)) {
      const value = found.props[name];
      if (prop.setBySdk || isAbsent(value)) continue;
      inputs[name] = prop.type.kind === "external" && prop.type.imported ? prop.type.imported(value, found.props) : value;
    }
    return { id: found.id, props: found.props, inputs, secretOutputs: this.secretOutputsOf(def) };
  }

  /** What the kind's SDK class does to the program's inputs (a policy's credentials split out), for a host with no SDK code. */
  prepareInputs(kind: string, inputs: Props): PreparedInputs {
    const prepare = this.definition(kind).prepareInputs;
    if (!prepare) return { inputs, set: [] };
    const set = prepare(inputs);
    return { inputs: { ...inputs, ...set }, set: Object.keys(set) };
  }

  /** The outputs the kind's definition keeps as secrets, whatever the program gave. */
  secretOutputs(kind: string): ReadonlySet<string> {
    return this.secretOutputsOf(this.definition(kind));
  }

  /** The names of the functions (`getTunnelSessions`, `restartAgent`, a lookup for every kind of the API). */
  functionNames(): string[] {
    return Object.keys(this.functions());
  }

  /**
   * Runs a function: its arguments checked (an ArgumentError names each wrong one), then run with
   * this provider's client and clock, its progress told as `events.info`. During a preview, a
   * command does not act. `fresh`: the call waited on resources (`dependsOn`), so a lookup must
   * see what they made.
   */
  async invoke(name: string, args: Props, options: { preview?: boolean; fresh?: boolean } = {}): Promise<Props> {
    const def = this.functions()[name];
    if (!def) throw new UnknownFunctionError(name);
    const { checkArguments } = require("../functions/validate") as typeof import("../functions/validate");
    const checked = checkArguments(def, args);
    const self = this;
    return def.run(
      {
        // Made when a function first asks: the AI Gateway's functions need no ngrok API key.
        get client() {
          return self.client();
        },
        aiGatewayClient: () => self.aiGatewayClient(),
        clock: this.clock,
        report: (message) => this.events.info(message),
        dryRun: def.kind === "command" && (options.preview ?? false),
        reader: (d) => this.reader(d),
        walks: (this.walks ??= new (require("../functions/walks") as typeof import("../functions/walks")).LookupWalks()),
        fresh: options.fresh ?? false,
        readFromLists: readFromLists(this.settings),
      },
      checked,
    );
  }

  /**
   * The API client for these settings, made at the first call that needs one: a check or a diff
   * may never load it. Fails without a key, or with a setting it cannot use.
   */
  client(): ApiClient {
    if (!this.apiClient) {
      const apiKey = this.settings.apiKey;
      if (!apiKey) throw new MissingApiKeyError();
      this.apiClient = this.newClient(clientOptions({ ...this.settings, apiKey }));
    }
    return this.apiClient;
  }

  /**
   * The AI Gateway API's client (https://api.ngrok.ai): its own ngrok.ai API key, base URL and
   * pacing budget, with the same retries and typed errors; made at the first call that needs it.
   */
  aiGatewayClient(): ApiClient {
    if (!this.aiClient) {
      const aiGatewayApiKey = this.settings.aiGatewayApiKey;
      if (!aiGatewayApiKey) throw new MissingApiKeyError("ai-gateway");
      this.aiClient = this.newClient(aiGatewayClientOptions({ ...this.settings, aiGatewayApiKey }));
    }
    return this.aiClient;
  }

  private newClient(options: ClientOptions): ApiClient {
    const { ApiClient } = require("../client/http") as typeof import("../client/http");
    const client = new ApiClient({ ...options, userAgent: userAgent() });
    client.onRetry = (e) => {
      const why = e.status !== undefined ? `answered ${e.status}` : `failed (${e.reason ?? "network error"})`;
      this.events.debug(`ngrok: ${e.method} ${e.path} ${why}; retrying in ${(e.retryInMs / 1000).toFixed(1)} s`);
    };
    client.onPacingWait = (e) => this.events.debug(`ngrok: ${e.method} ${e.path} waits for room under the API's rate limit`);
    client.onLedger = (notice) => this.events.info(ledgerNoticeLine(notice, client.api === "ai-gateway" ? "AI Gateway API" : undefined));
    return client;
  }

  /** The outputs a definition keeps as secrets. */
  private secretOutputsOf(def: ResourceDefinition): ReadonlySet<string> {
    let secrets = this.secretsByKind.get(def);
    if (!secrets) {
      secrets = new Set(Object.entries(def.properties).flatMap(([name, prop]) => (prop.secret ? [name] : [])));
      this.secretsByKind.set(def, secrets);
    }
    return secrets;
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    await this.apiClient?.close();
    await this.aiClient?.close();
  }

  /** A kind's reader for lookups: its reads by id are single GETs, since lookups share walks of their own (functions/walks.ts). */
  private reader(def: BoundDefinition): ResourceHandler {
    let reader = this.readers.get(def.name);
    if (!reader) {
      reader = new ResourceHandler(def, { ...this.context, state: new ProgramState(), readFromLists: () => false }, { forLookups: true });
      this.readers.set(def.name, reader);
    }
    return reader;
  }

  /** Loaded at the first function call: a resource's operations never need them. */
  private functions(): Readonly<Record<string, FunctionDefinition>> {
    return (require("../functions") as typeof import("../functions")).functions;
  }
}

function userAgent(): string {
  const pkg = require("pulumi-ngrok/package.json") as { name: string; version: string };
  return `${pkg.name}/${pkg.version} (node ${process.version})`;
}

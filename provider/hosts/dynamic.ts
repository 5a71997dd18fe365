/**
 * The dynamic-provider host's door: what the stubs serialised into stacks' states call at each
 * operation (sdk/stub.ts: `call(kind, method, args)`; older stub texts: `configure(get)` and
 * `dispatch(kind).<method>(...)`). Stacks keep the stubs of earlier releases, so these three are a
 * permanent API: change them only compatibly. One Provider serves the process (Pulumi's host
 * runs one per engine command), rebuilt only when `configure` brings other settings; its
 * answers go out in the shapes that host expects, its `info` lines to stderr (which `pulumi up`
 * prints as they come), its `debug` lines nowhere.
 */
import { isExplained, UnknownKindError } from "../core/errors";
import { type EventSink, type Props, readSettings, sameSettings } from "../contract";
import { Provider } from "../core/provider";
import { isResourceKind } from "../definitions";
import { engineFailures, type EngineCheckFailure } from "./failures";

/** A kind's operations in the shapes Pulumi's dynamic-provider host calls them and reads their answers. */
export interface DynamicOperations {
  check(olds: Props, news: Props): Promise<{ inputs: Props; failures: EngineCheckFailure[] }>;
  /** `changes` undefined: the engine diffs the inputs itself (see `diff` below). */
  diff(id: string, olds: Props, news: Props): Promise<{ changes: boolean | undefined; replaces: string[]; deleteBeforeReplace: boolean }>;
  create(inputs: Props): Promise<{ id: string; outs: Props }>;
  read(id: string, props?: Props): Promise<{ id: string; props: Props }>;
  update(id: string, olds: Props, news: Props): Promise<{ outs: Props }>;
  delete(id: string, props?: Props): Promise<void>;
}

/** Where the host keeps the serialised stub among a resource's properties. */
const stubKey = "__provider";

const stderrEvents: EventSink = {
  info: (message) => void process.stderr.write(`${message}\n`),
  warn: (message) => void process.stderr.write(`warning: ${message}\n`),
  // The host has no log call: stderr is all a user sees, and a retry is no news to them.
  debug: () => undefined,
};

let current: Provider | undefined;

/** The process's provider; before any `configure`, from the environment alone. */
function provider(): Provider {
  return (current ??= new Provider({ settings: readSettings(() => undefined), events: stderrEvents }));
}

/** Hands the stack's config to the provider (the host calls it once per stub text, with the same config). */
export function configure(get: (key: string) => string | undefined): void {
  firstCall();
  const settings = readSettings(get);
  if (current && sameSettings(current.settings, settings)) return;
  void current?.close();
  current = new Provider({ settings, events: stderrEvents });
}

/** The operations of a resource kind, on the process's provider of the moment. */
export function dispatch(kind: string): DynamicOperations {
  firstCall();
  if (!isResourceKind(kind)) throw echoed(new UnknownKindError(kind));
  return {
    check: (olds, news) =>
      echoing(async () => {
        const { inputs, failures } = await provider().check(kind, olds, news);
        return { inputs, failures: engineFailures(failures) };
      }),
    diff: (id, olds, news) =>
      echoing(async () => {
        const p = provider();
        const { changes, changed, replaces, deleteBeforeReplace } = await p.diff(kind, id, olds, news);
        // A resource the plugin managed until its program moved here (an alias) has no stub in its
        // state: the update writes it there, or later reads and deletes could not find this provider.
        if (!hasStub(olds)) return { changes: true, replaces, deleteBeforeReplace };
        // Pulumi's host forwards no property names, so the engine would mark none of an update's
        // changes, and a secret's not at all. Answered "unknown", the engine diffs the old and new
        // inputs itself and marks each (`~ value: [secret] => [secret]`). Only when an input the API
        // never returns changed: the state holds it as the program gave it, so the engine's diff
        // sees that change too and the update runs (with every change this diff found).
        const def = p.definition(kind);
        if (changes && replaces.length === 0 && changed.some((name) => def.properties[name]?.writeOnly === true)) {
          return { changes: undefined, replaces, deleteBeforeReplace };
        }
        return { changes, replaces, deleteBeforeReplace };
      }),
    create: (inputs) => provider().create(kind, inputs),
    read: (id, props) => echoing(() => provider().read(kind, id, props)),
    update: async (id, olds, news) => {
      // Only the stub is missing: nothing to send to the API.
      if (!hasStub(olds) && !(await provider().diff(kind, id, olds, news)).changes) return { outs: olds };
      return provider().update(kind, id, olds, news);
    },
    delete: (id, props) => echoing(() => provider().delete(kind, id, props)),
  };
}

/** The host's request to `configure`, as much of it as the provider reads. */
interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

/**
 * What a stub calls for each method the dynamic-provider host calls on it, with the host's
 * arguments: `configure` hands over the stack's config, any other method runs on the kind's
 * operations.
 */
export async function call(kind: string, method: string, args: unknown[]): Promise<unknown> {
  if (method === "configure") {
    const [req] = args as [ConfigureRequest];
    return configure((key) => req.config.get(key));
  }
  const operations = dispatch(kind) as unknown as Record<string, unknown>;
  const operation = operations[method];
  if (typeof operation !== "function") throw new Error(`this version of pulumi-ngrok has no operation "${method}"; upgrade the package`);
  return (operation as (...a: unknown[]) => unknown).apply(operations, args);
}

function hasStub(props: Props): boolean {
  return typeof props[stubKey] === "string";
}

// ---- The host's echo ----
//
// Pulumi's dynamic-provider host (@pulumi/pulumi/cmd/dynamic-provider) writes every error that a
// check, diff, read or delete throws to stderr as `${err}: ${err.stack}` before answering the
// engine with its message; the engine shows that text among the stack's diagnostics, stack frames
// and all, besides the message on the resource: a wrong key at `refresh` printed each failure
// twice, with its trace. The provider's explained failures carry the whole story in their
// message, so from its first call in that host, this door drops from console.error exactly the
// echoes of the explained failures it threw. Anything else (a bug) keeps its stack.

/** The echoes expected on console.error, by text; undefined outside Pulumi's dynamic-provider host. */
let echoes: HostEchoes | undefined;
let started = false;

function firstCall(): void {
  if (started) return;
  started = true;
  echoes = HostEchoes.install(process.argv, console);
}

/** Runs an operation the host echoes the failures of. */
async function echoing<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    throw echoed(err);
  }
}

function echoed<E>(err: E): E {
  echoes?.expect(err);
  return err;
}

export class HostEchoes {
  private readonly expected = new Map<string, number>();

  /** Installs the filter on `target.error` when `argv` is Pulumi's dynamic-provider host's. */
  static install(argv: readonly string[], target: Pick<Console, "error">): HostEchoes | undefined {
    if (!argv.some((a) => /[\\/]cmd[\\/]dynamic-provider(?:[\\/]index\.js)?$/.test(a))) return undefined;
    const echoes = new HostEchoes();
    const write = target.error.bind(target);
    target.error = (...args: unknown[]) => {
      if (args.length === 1 && typeof args[0] === "string" && echoes.take(args[0])) return;
      write(...args);
    };
    return echoes;
  }

  /** Expects the host's echo of `err` when it is an explained failure. */
  expect(err: unknown): void {
    if (!isExplained(err)) return;
    const text = echoText(err as Error);
    this.expected.set(text, (this.expected.get(text) ?? 0) + 1);
  }

  private take(text: string): boolean {
    const count = this.expected.get(text);
    if (count === undefined) return false;
    if (count > 1) this.expected.set(text, count - 1);
    else this.expected.delete(text);
    return true;
  }
}

/** What the host writes for `err`. */
function echoText(err: Error): string {
  return `${String(err)}: ${err.stack}`;
}

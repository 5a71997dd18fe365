/**
 * The declarative model of the package's functions: lookups of live state (tunnel sessions,
 * tunnels, endpoints) and agent commands. The SDK's functions, schema.json's `functions` and the
 * reference docs are generated from these definitions, and `run` executes them with the same
 * client (pacing, retries, typed errors) as the resources.
 */
import type { Clock } from "../../clock";
import type { ApiClient } from "../client/http";
import type { BoundDefinition, Props, ReadResult, TypeSpec } from "../contract";
import type { LookupWalks } from "./walks";

/** What lookups ask of a kind: a read by id, and its list's pages when it has a list. */
export interface KindReader {
  read(id: string, props?: Props, everything?: boolean): Promise<ReadResult>;
  pages(inputs: Props): AsyncIterable<ReadResult[]> | undefined;
}

export interface FunctionParameter {
  type: TypeSpec;
  description: string;
  required?: boolean;
}

export interface FunctionResult {
  type: TypeSpec;
  description: string;
  /** Always present in the result (otherwise typed as possibly absent). */
  present?: boolean;
}

export interface FunctionContext {
  client: ApiClient;
  /** The AI Gateway API's client, made at the first call (the AI Gateway's functions). */
  aiGatewayClient: () => ApiClient;
  clock: Clock;
  /** The reader of a kind for lookups: one per kind and provider, so that lookups made together share list walks. */
  reader(def: BoundDefinition): KindReader;
  /** The list walks this provider's lookups share. */
  walks: LookupWalks;
  /** The lookup waits on resources (`dependsOn`): it must see what they made, so no walk begun before it serves it. */
  fresh: boolean;
  /** Lookups by id may be served from list walks (the `readFromLists` setting). */
  readFromLists: boolean;
  /** A line of progress the user should see (e.g. the wait between an update and a restart). */
  report: (message: string) => void;
  /** A preview is running: commands must not act. */
  dryRun: boolean;
}

export interface FunctionDefinition {
  /** The SDK's function name and the schema token's last part, e.g. "getTunnelSession". */
  name: string;
  description: string;
  /**
   * "lookup": reads the API; has a promise form and an Output form (`<name>Output`).
   * "command": acts on an agent; promise form only, and it does not act during a preview.
   */
  kind: "lookup" | "command";
  /** The argument passed first, by itself (`restartAgent(sessionId, options)`); the others form an options object. */
  positional?: string;
  inputs: Record<string, FunctionParameter>;
  outputs: Record<string, FunctionResult>;
  /** A short TypeScript example for the docs. */
  example: string;
  /** Runs the function on validated arguments; returns its result (camelCase, absent values dropped). */
  run(ctx: FunctionContext, args: Props): Promise<Props>;
}

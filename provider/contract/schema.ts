/**
 * What a resource is to a program: its properties, their types and the API's limits, and the rules
 * over them. Check, diff, the SDK's types, schema.json and the docs derive from it.
 */
import type { z } from "zod";

/** A value type, with the API's limits. Drives zod validation, SDK types and schema.json. */
export type TypeSpec =
  | StringType
  | { kind: "boolean" }
  | { kind: "integer"; min?: number; max?: number }
  | { kind: "number"; min?: number; max?: number }
  | { kind: "array"; items: TypeSpec; maxItems?: number }
  | { kind: "map"; values: TypeSpec }
  | ObjectType
  | ExternalType;

/**
 * A value whose type lives outside this schema language (a Traffic Policy: a typed object, or its
 * YAML or JSON text). The SDK imports its TypeScript types from `sdkModule`, and `problems`
 * validates a known value at preview (with every input at hand: a policy depends on the URL).
 */
export interface ExternalType {
  kind: "external";
  /** The SDK's input type (wrapped in `pulumi.Input`) and output type, exported by `sdkModule`. */
  tsInput: string;
  tsOutput: string;
  /** The sdk/ module exporting them, relative to sdk/ ("./policy"). */
  sdkModule: string;
  /** Its schema.json form, and its name in the docs. */
  schema: Record<string, unknown>;
  docs: string;
  /**
   * Its schema.json form as an input where it differs from `schema` (the output's), and the object
   * types that form names (`#/types/<package>:index:<name>`), which Pulumi's code generators turn
   * into each language's input types.
   */
  inputSchema?: Record<string, unknown>;
  schemaTypes?: Record<string, Record<string, unknown>>;
  /** What is wrong with a known value: a path below the property and a message beginning with a verb. */
  problems(value: unknown, inputs: Props): { path: readonly (string | number)[]; message: string }[];
  /**
   * What a preview with a key should tell of a known value that the account lacks and the program
   * may still create (a vault secret the policy reads): notes, never failures, each beginning with
   * a path below the property.
   */
  accountNotes?(value: unknown, inputs: Props, account: AccountReader): Promise<{ path: readonly (string | number)[]; message: string }[]>;
  /** What a preview should tell of a known value that is accepted as it is (a deprecated field): notes, never failures. */
  notes?(value: unknown, inputs: Props): { path: readonly (string | number)[]; message: string }[];
  /**
   * The value as `pulumi import` hands it to Pulumi's program generators, read from the API beside the
   * other outputs (`outputs`): a form every language's generated program can hold, with no
   * secret in it. Without it, the value as read.
   */
  imported?(value: unknown, outputs: Props): unknown;
}

/** The account as a preview may read it: the items of a list. */
export interface AccountReader {
  list(path: string, listKey: string): Promise<ApiObject[]>;
}

export interface StringType {
  kind: "string";
  /** Limit in UTF-8 bytes, as the API counts. */
  maxBytes?: number;
  /** Limit in characters (event subscriptions count characters). */
  maxChars?: number;
  enum?: readonly string[];
  /** The API refuses an empty value (a name, a client id). */
  nonEmpty?: boolean;
  /**
   * Extra validation beyond the type (ACL rule syntax, domain names), built from the zod it is
   * given at the first check: a definition never loads zod itself, so a diff or a read does not.
   */
  refine?: (zod: typeof z) => z.ZodType<string, string>;
  /**
   * The id of another resource: it must begin with `<prefix>_` (any of them, when several kinds
   * fit). Checked at preview when the value is known; the failure names the property, not the value.
   */
  idPrefix?: string | readonly string[];
}

/** A nested object type; `name` becomes its SDK interface and its schema.json type token. */
export interface ObjectType {
  kind: "object";
  name: string;
  description: string;
  properties: Record<string, NestedProperty>;
}

export interface NestedProperty {
  /** Field name in the API's JSON. */
  api: string;
  type: TypeSpec;
  description: string;
  /** Required in inputs. */
  required?: boolean;
  /** The service fills it when omitted; an absent input never produces a diff. */
  computed?: boolean;
  /** Always present in outputs (otherwise outputs are typed as possibly absent). */
  present?: boolean;
  /**
   * The documented value an omitted field stands for: compared as such (removing a field set to
   * another value shows a diff) and sent explicitly, so the stored value never depends on a
   * service-side default.
   */
  default?: string;
}

/** How a change to an input is applied. */
export type ChangeMode = "update" | "replace";

/**
 * What an input that is absent from the program means:
 * - "clear": the empty value ("" or []); removing it from the program clears it in the service;
 * - "computed": the service chooses (a default, or the caller); absence never produces a diff.
 */
export type UnsetMode = "clear" | "computed";

export interface InputSpec {
  /** Field name in create and update requests. */
  api: string;
  required?: boolean;
  onChange: ChangeMode;
  unset: UnsetMode;
  /** Sent on update only when changed; `false` for create-only fields such as `region`. */
  updatable?: boolean;
  /** Sent at creation when the program leaves the input out (the API requires the field). */
  createDefault?: unknown;
  /**
   * The value the service applies when the input is absent (a module's `enabled`: true). An
   * absent input compares equal to it, and removing a value from the program brings it back.
   */
  default?: unknown;
  /**
   * The input has no API field of its own: it travels inside the named input's field (a policy's
   * credentials inside the policy), so a change to it sends that field.
   */
  carriedBy?: string;
  /** The input travels apart from the resource's own requests, in requests of its own (a binding's `members`). */
  apart?: boolean;
}

/** One property of a resource: an input, an output, or both (an input is always echoed as output). */
export interface PropertySpec {
  type: TypeSpec;
  description: string;
  input?: InputSpec;
  /** Field name in responses; defaults to `input.api`. */
  api?: string;
  /**
   * The output value read from an API object. `prior` holds the state before this read (old
   * outputs, or the inputs at create), for fields the API does not return faithfully.
   * Defaults to converting `api[apiName]` by the property's type.
   */
  fromApi?: (api: ApiObject, prior: Props) => unknown;
  /**
   * A reference the program names (a resource's address, such as an edge's hostports), never a
   * secret: API errors quote its value next to its path. Reference ids (`idPrefix`) are quoted too.
   */
  reference?: boolean;
  /** Canonical form for comparisons: what the service would store for this value. */
  normalize?: (value: unknown) => unknown;
  /** Stored encrypted in state and shown as [secret]. */
  secret?: boolean;
  /** The API field's value from all the inputs, when it is made of more than this input's value. */
  toApi?: (inputs: Props) => unknown;
  /** Filled by the SDK class from other arguments (see `ResourceSchema.sdkPrepare`): not an argument. */
  setBySdk?: boolean;
  /**
   * An input the API accepts and never returns (a secret's value, a private key): outputs keep the
   * program's value, so a refresh never loses it and a change to it is a diff like any other.
   */
  writeOnly?: boolean;
  /** Always present in outputs (otherwise outputs are typed as possibly absent). */
  present?: boolean;
  /**
   * The input is deprecated (the API ignores it): accepted and echoed as an output, never sent,
   * never compared (a change to it is no change, never a replace), and a preview that sets it
   * warns with this text; schema.json marks it deprecated.
   */
  deprecated?: string;
  /**
   * Answered only by lookups: a field no program needs from a resource, such as a self link
   * made of the id, stays out of resources' outputs, their types and the stack's state.
   */
  lookupOnly?: boolean;
}

/** A rule across several inputs, checked at preview. Names every property involved. */
export interface CrossFieldRule {
  properties: readonly string[];
  /** The rule in words, for the docs. */
  summary: string;
  /** Returns the reason when the rule is broken by known (non-computed) values. */
  violated: (inputs: Props) => string | undefined;
}

/**
 * What a resource is to a program: its properties and the rules over them. Check, diff, the
 * generators, the functions and AgentCommand read only this; nothing here says how the API
 * stores the resource.
 */
export interface ResourceSchema {
  /** The resource's type name, e.g. "Credential"; the URN type is `pulumi-nodejs:dynamic/ngrok:<name>`. */
  name: string;
  description: string;
  properties: Record<string, PropertySpec>;
  rules?: readonly CrossFieldRule[];
  /**
   * An input the service keeps unique across the account (a reserved domain's `domain`). A
   * replace that keeps its value must delete the old resource before creating the new one.
   */
  uniqueKey?: string;
  /** Resources that own part of what this one manages; a program may not use both (checked at preview). */
  conflictsWith?: readonly Conflict[];
  /**
   * The resource usually belongs to another resource of the program (a module to its route): the
   * SDK class takes that resource as an argument, fills the inputs that locate it from it, and
   * makes it the default `parent`, so that a destroy deletes the child first.
   */
  parentResource?: ParentResource;
  /**
   * The properties that name a resource of the kind for a program (a domain's `domain`, a vault's
   * `name`): its lookup function finds it by them, as well as by id. Inputs or outputs.
   */
  lookupKey?: readonly string[];
  /**
   * The outputs every resource of the kind has, when its list also holds other things (the
   * endpoints list holds agents' endpoints too): lookups take nothing else, by key or by id.
   */
  listedWith?: Readonly<Record<string, string>>;
  /** A short TypeScript example for the docs. */
  example: string;
  /**
   * A function of sdk/ that the SDK class passes its inputs through before the engine sees them
   * (a policy's credentials split out of it): `{ module: "./policy", name: "preparePolicyInputs" }`.
   */
  sdkPrepare?: { module: string; name: string };
  /**
   * What `sdkPrepare` does, on plain values, for a program with no SDK class code (the provider
   * plugin's Check): the properties it sets (`setBySdk`) from the others. Running it on inputs it
   * already prepared changes nothing.
   */
  prepareInputs?: (inputs: Props) => Props;
}

/**
 * Another resource owns what this one manages when its program sets `property` (a subscription
 * that sets `sources` owns its whole list of event types, so an EventSource beside it would be
 * undone by the subscription's next update). Check fails when `input` names such a resource.
 */
export interface Conflict {
  /** This resource's input holding the other resource's id. */
  input: string;
  /** The other resource's type name. */
  resource: string;
  /** The other resource's input that, when its program sets it, makes it the owner. */
  property: string;
  /** What the user should do instead, for the failure's reason. */
  advice: string;
}

/** The resource another one belongs to; see `ResourceDefinition.parentResource`. */
export interface ParentResource {
  /** The parent's resource kind (a definition's `name`). */
  kind: string;
  /** The SDK argument that takes the parent, e.g. "route". */
  arg: string;
  /** Inputs filled from the parent: input name -> the parent's property ("id" for its id). */
  fills: Readonly<Record<string, string>>;
}

/** JSON as the API returns it (snake_case). */
export type ApiObject = Record<string, unknown>;
/** Property bags as Pulumi passes them (camelCase). */
export type Props = Record<string, unknown>;

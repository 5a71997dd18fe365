/**
 * schema.json, the Pulumi package schema: config, object types, resources and functions.
 */
import { type PropertySpec, type ResourceDefinition, secretSettings, type SettingName, settingSources, type TypeSpec } from "../contract";
import type { FunctionDefinition } from "../functions/types";
import { goModulePath, javaBasePackage, javaSdkVersion, logoUrl, pluginDownloadUrl, publisher, repositoryUrl, type Manifest } from "./manifest";
import { allFunctions, allResources, typeRoots } from "./model";
import { inputsOf, limits, objectTypes, outputsOf, packageName, propertyDoc, schemaType, type JsonObject } from "./shared";

export function renderSchema(manifest: Manifest): string {
  return `${JSON.stringify(packageSchema(manifest), null, 2)}\n`;
}

const configDocs: Record<string, string> = {
  apiKey: "The ngrok API key. Set it as a secret.",
  apiBaseUrl: "The API's base URL (default https://api.ngrok.com); point it at the bundled emulator to work offline.",
  rateLimit: 'Client-side pacing as "<requests>/<seconds>" (default "120/60", the API\'s limit) or "off".',
  maxRetries: "Retries of a failed request that is safe to repeat (default 6).",
  requestTimeoutMs: "Timeout of one request attempt in milliseconds (default 30000).",
  aiGatewayApiKey:
    "The AI Gateway API's key: an ngrok.ai API key (ngrok's API key does not serve the AI Gateway API). Set it as a secret. Needed only by the AI Gateway's resources (`Ai...`) and functions.",
  aiGatewayApiBaseUrl: "The AI Gateway API's base URL (default https://api.ngrok.ai); point it at the bundled emulator's to work offline.",
  aiGatewayRateLimit: 'The AI Gateway API client\'s own pacing, "<requests>/<seconds>" (default "120/60") or "off"; apart from `rateLimit`, the main API\'s.',
  rateLedger:
    "A Redis (redis://, rediss://) or PostgreSQL (postgres://) URL where every runner on the API key, on any machine, takes its turns from one window of the rate limit (each API its own), instead of learning the others' part from 429s; unset by default. Set it as a secret: the URL may hold a password.",
  readFromLists:
    'Serve concurrent reads of a resource kind (refresh, preview\'s adoption checks) from its list pages, up to 100 resources per request (default "true"); "false" reads each resource with a GET of its own.',
};

function packageSchema(manifest: Manifest): JsonObject {
  const { version } = manifest;
  const types: JsonObject = {};
  for (const t of objectTypes(typeRoots()).values()) {
    types[`${packageName}:index:${t.name}`] = {
      type: "object",
      description: t.description,
      properties: Object.fromEntries(
        Object.entries(t.properties).map(([n, p]) => [
          n,
          { ...schemaType(p.type), description: p.description + limits(p.type), ...(p.default !== undefined ? { default: p.default } : {}) },
        ]),
      ),
      ...(Object.values(t.properties).some((p) => p.required)
        ? { required: Object.entries(t.properties).filter(([, p]) => p.required).map(([n]) => n) }
        : {}),
    };
  }
  // The object types of external types' input forms (the Traffic Policy's, for languages other
  // than TypeScript, whose SDK takes its types from sdk/policy.ts).
  for (const def of allResources()) {
    for (const [, p] of inputsOf(def)) {
      if (p.type.kind !== "external") continue;
      for (const [name, spec] of Object.entries(p.type.schemaTypes ?? {})) types[`${packageName}:index:${name}`] = spec;
    }
  }
  return {
    name: packageName,
    displayName: "ngrok",
    version,
    description: "Manage ngrok account resources (credentials, reserved domains, ...) from Pulumi.",
    // What the Pulumi Registry lists and where Pulumi fetches the plugin (automatic acquisition).
    // `kind/native`: a provider of its own, not a bridged Terraform provider nor a component.
    keywords: ["pulumi", "ngrok", "category/network", "kind/native"],
    license: "Apache-2.0",
    publisher: publisher(manifest),
    repository: repositoryUrl(manifest),
    homepage: repositoryUrl(manifest),
    ...optional("logoUrl", logoUrl(manifest)),
    ...optional("pluginDownloadURL", pluginDownloadUrl(manifest)),
    config: { variables: settings() },
    provider: {
      description: "The provider type for the ngrok package: its settings come from `ngrok:*` stack config, then the environment.",
      inputProperties: settings(),
    },
    types,
    resources: Object.fromEntries(allResources().map((def) => [`${packageName}:index:${def.name}`, resourceSchema(def)])),
    functions: Object.fromEntries(allFunctions().map((f) => [`${packageName}:index:${f.name}`, functionSchema(f)])),
    // Pulumi's code generators write the Go, Python and Java SDKs from this (make sdks). The TypeScript
    // API is ours (provider/gen), in both Node.js packages; `nodejs` names the plugin's package for
    // the code `pulumi import` writes.
    supportPack: true,
    language: {
      nodejs: { packageName: "pulumi-ngrok-plugin", respectSchemaVersion: true },
      go: { importBasePath: `${goModulePath(manifest)}/ngrok`, respectSchemaVersion: true },
      python: { packageName: "pulumi_ngrok", respectSchemaVersion: true },
      // Maven builds it (sdkgen writes its pom.xml): no Gradle files.
      java: { basePackage: javaBasePackage(manifest), buildFiles: "none", dependencies: { "com.pulumi:pulumi": javaSdkVersion } },
    },
  };
}

const optional = (key: string, value: string | undefined): JsonObject => (value === undefined ? {} : { [key]: value });

/** The provider's settings (stack config `ngrok:*`, or the environment), the API key secret. */
function settings(): JsonObject {
  return Object.fromEntries(
    Object.entries(settingSources).map(([name, source]) => [
      name,
      {
        type: "string",
        description: configDocs[name] ?? name,
        ...(secretSettings.has(name as SettingName) ? { secret: true } : {}),
        defaultInfo: { environment: [source.env] },
      },
    ]),
  );
}

function propertySchema(name: string, p: PropertySpec, side: "input" | "output"): JsonObject {
  return {
    ...schemaType(p.type, side),
    description: propertyDoc(name, p) + limits(p.type),
    ...(p.secret ? { secret: true } : {}),
    ...(p.input?.onChange === "replace" ? { willReplaceOnChanges: true } : {}),
    ...(p.deprecated ? { deprecationMessage: p.deprecated } : {}),
  };
}

/**
 * A resource as the provider plugin serves it. The TypeScript API's parent argument (`route`,
 * `edge`) is not here: its class turns it into the inputs the resource is located by (and its
 * `parent`), which a program in another language passes itself.
 */
function resourceSchema(def: ResourceDefinition): JsonObject {
  const props = outputsOf(def);
  const inputs = inputsOf(def);
  return {
    description: def.description,
    properties: Object.fromEntries(props.map(([n, p]) => [n, propertySchema(n, p, "output")])),
    required: props.filter(([, p]) => p.present || p.input?.required).map(([n]) => n),
    inputProperties: Object.fromEntries(inputs.map(([n, p]) => [n, propertySchema(n, p, "input")])),
    requiredInputs: inputs.filter(([, p]) => p.input!.required).map(([n]) => n),
  };
}

function objectSpec(entries: [string, { type: TypeSpec; description: string }][], required: string[]): JsonObject {
  return {
    type: "object",
    properties: Object.fromEntries(entries.map(([n, p]) => [n, { ...schemaType(p.type), description: p.description + limits(p.type) }])),
    ...(required.length ? { required } : {}),
  };
}

function functionSchema(f: FunctionDefinition): JsonObject {
  const inputs = Object.entries(f.inputs);
  const outputs = Object.entries(f.outputs);
  return {
    description: f.description,
    inputs: objectSpec(inputs, inputs.filter(([, p]) => p.required).map(([n]) => n)),
    outputs: objectSpec(outputs, outputs.filter(([, p]) => p.present).map(([n]) => n)),
  };
}

import { createdAt, description, metadata, uri } from "./common";
import type { ApiObject, ObjectType, Props, BoundDefinition, TypeSpec } from "../contract";
import { fromApiValue } from "../engine/values";

const str: TypeSpec = { kind: "string" };

const awsAuth: ObjectType = {
  kind: "object",
  name: "AwsAuth",
  description: "How ngrok authenticates to your AWS account: exactly one of `role` and `creds`.",
  properties: {
    role: {
      api: "role",
      type: {
        kind: "object",
        name: "AwsRole",
        description: "A role ngrok assumes to deliver events.",
        properties: {
          roleArn: { api: "role_arn", type: str, required: true, description: "The ARN of the role ngrok assumes." },
        },
      },
      description: "A role ngrok assumes on your behalf.",
    },
    creds: {
      api: "creds",
      type: {
        kind: "object",
        name: "AwsCredentials",
        description: "A long-term AWS access key.",
        properties: {
          awsAccessKeyId: { api: "aws_access_key_id", type: str, required: true, description: "The id part of the access key." },
          awsSecretAccessKey: {
            api: "aws_secret_access_key",
            type: str,
            description: "The secret part of the access key. Secret: the API never returns it, the provider keeps it in state, encrypted.",
          },
        },
      },
      description: "A long-term access key ngrok signs in with.",
    },
  },
};

/** An AWS target kind: authentication and the ARN of what receives the events. */
function awsTarget(name: string, what: string, arnName: string, arnApi: string, arnWhat: string): ObjectType {
  return {
    kind: "object",
    name,
    description: `Sends events to ${what}.`,
    properties: {
      auth: { api: "auth", type: awsAuth, required: true, description: "How ngrok authenticates to AWS." },
      [arnName]: { api: arnApi, type: str, required: true, description: `The ARN of the ${arnWhat} receiving the events.` },
    },
  };
}

const targetType: ObjectType = {
  kind: "object",
  name: "EventTarget",
  description: "Where an event destination sends events: exactly one of its fields.",
  properties: {
    firehose: {
      api: "firehose",
      type: awsTarget("EventTargetFirehose", "Amazon Kinesis Data Firehose", "deliveryStreamArn", "delivery_stream_arn", "Firehose delivery stream"),
      description: "Amazon Kinesis Data Firehose.",
    },
    kinesis: {
      api: "kinesis",
      type: awsTarget("EventTargetKinesis", "Amazon Kinesis", "streamArn", "stream_arn", "Kinesis stream"),
      description: "Amazon Kinesis.",
    },
    cloudwatchLogs: {
      api: "cloudwatch_logs",
      type: awsTarget("EventTargetCloudwatchLogs", "Amazon CloudWatch Logs", "logGroupArn", "log_group_arn", "CloudWatch Logs group"),
      description: "Amazon CloudWatch Logs.",
    },
    datadog: {
      api: "datadog",
      type: {
        kind: "object",
        name: "EventTargetDatadog",
        description: "Sends events to Datadog.",
        properties: {
          apiKey: {
            api: "api_key",
            type: str,
            description: "The Datadog API key. Secret: the API never returns it, the provider keeps it in state, encrypted.",
          },
          ddtags: { api: "ddtags", type: str, description: "Tags sent with each event." },
          service: { api: "service", type: str, description: "The service name sent with each event." },
          ddsite: { api: "ddsite", type: str, description: "The Datadog site, such as `datadoghq.com` or `datadoghq.eu`." },
        },
      },
      description: "Datadog.",
    },
    azureLogsIngestion: {
      api: "azure_logs_ingestion",
      type: {
        kind: "object",
        name: "EventTargetAzureLogsIngestion",
        description: "Sends events to Azure Monitor through the Logs Ingestion API.",
        properties: {
          tenantId: { api: "tenant_id", type: str, required: true, description: "The Azure tenant id." },
          clientId: { api: "client_id", type: str, required: true, description: "The application (client) id ngrok signs in as." },
          clientSecret: {
            api: "client_secret",
            type: str,
            required: true,
            description: "The application's client secret. Secret: the API never returns it, the provider keeps it in state, encrypted.",
          },
          logsIngestionUri: { api: "logs_ingestion_uri", type: str, required: true, description: "The data collection endpoint's logs ingestion URI." },
          dataCollectionRuleId: { api: "data_collection_rule_id", type: str, required: true, description: "The data collection rule's immutable id." },
          dataCollectionStreamName: {
            api: "data_collection_stream_name",
            type: str,
            required: true,
            description: "The data collection stream receiving the events.",
          },
        },
      },
      description: "Azure Monitor Logs Ingestion.",
    },
    debug: {
      api: "debug",
      type: {
        kind: "object",
        name: "EventTargetDebug",
        description: "A target for trying subscriptions out: events are logged by the service or sent to a URL.",
        properties: {
          log: { api: "log", type: { kind: "boolean" }, description: "Whether the service logs the events." },
          callbackUrl: { api: "callback_url", type: str, description: "A URL the events are sent to." },
        },
      },
      description: "For trying subscriptions out (the service logs the events or sends them to a URL).",
    },
  },
};

const targetKinds = Object.keys(targetType.properties);

/**
 * Paths of the target's secret fields. The API never returns them, so a read keeps the values
 * the provider last sent (from `prior`): drift in a secret cannot be seen, everything else can.
 */
export const targetSecrets: readonly (readonly string[])[] = [
  ["datadog", "apiKey"],
  ["azureLogsIngestion", "clientSecret"],
  ...["firehose", "kinesis", "cloudwatchLogs"].map((kind) => [kind, "auth", "creds", "awsSecretAccessKey"]),
];

/** The target the API answers, with its secret fields taken from `prior` where the API leaves them out. */
export function targetFromApi(api: ApiObject, prior: Props): unknown {
  const read = fromApiValue(targetType, api.target);
  if (!isObject(read)) return read;
  for (const path of targetSecrets) {
    const parent = walk(read, path.slice(0, -1));
    const leaf = path[path.length - 1]!;
    if (!isObject(parent) || parent[leaf] !== undefined) continue;
    const kept = walk(prior.target, path);
    if (typeof kept === "string" && kept !== "") parent[leaf] = kept;
  }
  return read;
}

function walk(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  return node;
}

function isObject(v: unknown): v is Props {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const isSet = (v: unknown): boolean => v !== undefined && v !== null;

export const eventDestination: BoundDefinition = {
  name: "EventDestination",
  description:
    "An event destination: where event subscriptions send events (Amazon Kinesis, Firehose or CloudWatch Logs, Datadog, " +
    "Azure Monitor, or a debug target). Its whole `target` is a secret: Pulumi marks secrets on top-level properties only, " +
    "and the target holds credentials (`datadog.apiKey`, `azureLogsIngestion.clientSecret`, `auth.creds.awsSecretAccessKey`). " +
    "The API never returns those credentials, so the provider keeps the values it last sent: `refresh` shows drift in every other field of the target, not in them.",
  binding: { kind: "collection", path: "/event_destinations", idPrefix: "ed", listKey: "event_destinations" },
  properties: {
    description: description("What the destination is for."),
    metadata: metadata(),
    format: {
      type: { kind: "string", enum: ["json"] },
      description: "How events are serialised; `json`, the only format, is the default.",
      input: { api: "format", onChange: "update", unset: "computed", createDefault: "json" },
    },
    target: {
      type: targetType,
      description: `Where events go: exactly one of ${targetKinds.map((k) => `\`${k}\``).join(", ")}. Changed in place.`,
      input: { api: "target", required: true, onChange: "update", unset: "clear" },
      secret: true,
      fromApi: targetFromApi,
    },
    uri,
    createdAt,
  },
  rules: [
    {
      properties: ["target"],
      summary: `\`target\` sets exactly one of ${targetKinds.map((k) => `\`${k}\``).join(", ")}.`,
      violated: (inputs) => {
        if (!isObject(inputs.target)) return undefined;
        const set = targetKinds.filter((k) => isSet((inputs.target as Props)[k]));
        if (set.length === 1) return undefined;
        return `target must set exactly one of ${targetKinds.join(", ")}; it sets ${set.length === 0 ? "none" : set.join(" and ")}`;
      },
    },
    {
      properties: ["target"],
      summary: "The `auth` of an AWS target sets exactly one of `role` and `creds`.",
      violated: (inputs) => {
        for (const kind of ["firehose", "kinesis", "cloudwatchLogs"]) {
          const auth = walk(inputs.target, [kind, "auth"]);
          if (!isObject(auth)) continue;
          const set = ["role", "creds"].filter((k) => isSet(auth[k]));
          if (set.length !== 1) return `target.${kind}.auth must set exactly one of role and creds; it sets ${set.length === 0 ? "none" : "both"}`;
        }
        return undefined;
      },
    },
  ],
  lookupKey: ["description"],
  example: `const destination = new ngrok.EventDestination("audit-log", {
    description: "audit events to Datadog",
    target: { datadog: { apiKey: process.env.DATADOG_API_KEY, ddsite: "datadoghq.eu", service: "ngrok" } },
});`,
};

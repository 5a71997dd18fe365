/** The EventDestination life cycle through the provider's operations, against the emulator over loopback. */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import type { Props } from "../../../provider/contract";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

let destination: Handler;
let emu: Emulator;
let provider: Provider;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
  destination = provider.handler("EventDestination");
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const role = { role: { roleArn: "arn:aws:iam::123456789012:role/ngrok" } };
const creds = { creds: { awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: "aws-secret-value" } };

/** One target of each kind, as a program writes it (secrets included). */
const targets: [string, Props][] = [
  ["kinesis", { kinesis: { auth: role, streamArn: "arn:aws:kinesis:us-east-1:123456789012:stream/events" } }],
  ["firehose", { firehose: { auth: creds, deliveryStreamArn: "arn:aws:firehose:us-east-1:123456789012:deliverystream/events" } }],
  ["cloudwatchLogs", { cloudwatchLogs: { auth: role, logGroupArn: "arn:aws:logs:us-east-1:123456789012:log-group:ngrok" } }],
  ["datadog", { datadog: { apiKey: "dd-api-key-value", ddsite: "datadoghq.eu", service: "ngrok", ddtags: "env:prod" } }],
  [
    "azureLogsIngestion",
    {
      azureLogsIngestion: {
        tenantId: "tenant",
        clientId: "client",
        clientSecret: "azure-secret-value",
        logsIngestionUri: "https://dce.example.com",
        dataCollectionRuleId: "dcr-immutable-id",
        dataCollectionStreamName: "Custom-ngrok",
      },
    },
  ],
  ["debug", { debug: { log: true, callbackUrl: "https://example.com/events" } }],
];

const secretValues = ["aws-secret-value", "dd-api-key-value", "azure-secret-value"];
const noChange = { changes: false, changed: [], replaces: [], deleteBeforeReplace: false };

describe("EventDestination", () => {
  it("checks the target at preview, naming the property and never echoing a value", async () => {
    const ok = { target: { debug: { log: true } } };
    expect((await destination.check({}, ok)).failures).toEqual([]);
    const cases: [Props, RegExp][] = [
      [{}, /^target is required$/],
      [{ target: {} }, /^target must set exactly one of firehose, kinesis, cloudwatchLogs, datadog, azureLogsIngestion, debug; it sets none$/],
      [{ target: { debug: {}, datadog: { apiKey: "k" } } }, /^target must set exactly one of .*; it sets datadog and debug$/],
      [{ target: { kinesis: { auth: { ...role, ...creds }, streamArn: "arn-value" } } }, /^target\.kinesis\.auth must set exactly one of role and creds; it sets both$/],
      [{ target: { kinesis: { auth: {}, streamArn: "arn-value" } } }, /^target\.kinesis\.auth must set exactly one of role and creds; it sets none$/],
      [{ target: { kinesis: { auth: role } } }, /^target\.kinesis\.streamArn must be string$/],
      [{ target: { datadog: { api_key: "secret-typo" } } }, /^target\.datadog has unknown field\(s\): api_key$/],
      [{ target: { debug: {}, s3: {} } }, /^target has unknown field\(s\): s3$/],
      [{ ...ok, format: "xml" }, /^format must be one of "json"$/],
      [{ ...ok, description: "é".repeat(128) }, /^description is too long: at most 255 bytes/],
      [{ ...ok, metadata: "x".repeat(4097) }, /^metadata is too long: at most 4096 bytes/],
    ];
    for (const [inputs, reason] of cases) {
      const { failures } = await destination.check({}, inputs);
      expect({ inputs, reasons: failures.map((f) => f.message) }).toEqual({ inputs, reasons: [expect.stringMatching(reason)] });
      for (const v of ["secret-typo", "arn-value", "aws-secret-value"]) expect(failures[0]!.message).not.toContain(v);
    }
    // A target computed from other resources is checked at `up`, when it is known.
    expect((await destination.check({}, { target: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" })).failures).toEqual([]);
  });

  it.each(targets)("target kind %s: created, read back whole (secrets kept from state), no diff after create or refresh", async (_kind, target) => {
    const inputs = { description: "audit", target };
    const created = await destination.create(inputs);
    expect(created.id).toMatch(/^ed_[0-9A-Za-z]{27}$/);
    expect(created.outs).toEqual({ ...inputs, format: "json", createdAt: expect.any(String) });
    // The API never answers the secrets: the provider keeps them from state across a refresh.
    const stored = await call(emu, "GET", `/event_destinations/${created.id}`);
    for (const v of secretValues) expect(stored.text).not.toContain(v);
    const read = await destination.read(created.id, created.outs);
    expect(read).toEqual({ id: created.id, props: created.outs });
    expect(await destination.diff(created.id, read.props, inputs)).toEqual(noChange);
    await destination.delete(created.id, read.props);
  });

  it("updates every mutable input in place, refreshes drift, deletes, and deletes again", async () => {
    const inputs: Props = { description: "audit", metadata: '{"team":"sec"}', target: targets[3]![1] };
    const created = await destination.create(inputs);
    let state = created.outs;

    // [what changes, the program's new inputs]: each is an update in place, never a replacement.
    const changes: [string, Props][] = [
      ["description", { ...inputs, description: "audit trail" }],
      ["metadata (cleared)", { description: "audit trail", target: inputs.target }],
      ["format (given explicitly)", { description: "audit trail", format: "json", target: inputs.target }],
      ["target (a field of the same kind)", { description: "audit trail", target: { datadog: { apiKey: "dd-api-key-value", ddsite: "datadoghq.com" } } }],
      ["target (a secret)", { description: "audit trail", target: { datadog: { apiKey: "rotated-key", ddsite: "datadoghq.com" } } }],
      ["target (another kind)", { description: "audit trail", target: targets[0]![1] }],
    ];
    for (const [what, news] of changes) {
      const diff = await destination.diff(created.id, state, news);
      const sameFormat = what.startsWith("format");
      expect({ what, diff }).toEqual({ what, diff: sameFormat ? noChange : { changes: true, changed: [what.split(" ")[0]], replaces: [], deleteBeforeReplace: false } });
      if (sameFormat) continue;
      emu.clearRequests();
      const updated = await destination.update(created.id, state, news);
      expect({ what, methods: emu.requests.map((r) => r.method) }).toEqual({ what, methods: ["PATCH"] });
      expect({ what, outs: updated.outs }).toEqual({ what, outs: { ...news, format: "json", createdAt: state.createdAt } });
      expect({ what, diff: await destination.diff(created.id, updated.outs, news) }).toEqual({ what, diff: noChange });
      state = updated.outs;
    }
    const last = changes.at(-1)![1];
    expect((await call(emu, "GET", `/event_destinations/${created.id}`)).json).toMatchObject({ description: "audit trail", target: { kinesis: { stream_arn: expect.any(String) } } });

    // Refresh after an out-of-band change: the drift shows, and `up` would change it back in place.
    expect((await call(emu, "PATCH", `/event_destinations/${created.id}`, { target: { debug: { log: false } } })).status).toBe(200);
    const refreshed = await destination.read(created.id, state);
    expect(refreshed.props.target).toEqual({ debug: { log: false } });
    expect(await destination.diff(created.id, refreshed.props, last)).toMatchObject({ changes: true, replaces: [], deleteBeforeReplace: false });

    await destination.delete(created.id, refreshed.props);
    expect((await call(emu, "GET", `/event_destinations/${created.id}`)).status).toBe(404);
    await expect(destination.delete(created.id, refreshed.props)).resolves.toBeUndefined();
    expect(await destination.read(created.id, refreshed.props)).toEqual({ id: "", props: {} });
  });

  it("adopts an existing destination with importId, and reads one by id alone (EventDestination.get)", async () => {
    const made = await call(emu, "POST", "/event_destinations", { description: "by hand", target: { datadog: { api_key: "hand-key", ddsite: "datadoghq.com" } } });
    const id = made.json.id as string;

    // get: no prior state, so the secret the API never answers is absent.
    const got = await destination.read(id, {});
    expect(got).toEqual({ id, props: { description: "by hand", format: "json", target: { datadog: { ddsite: "datadoghq.com" } }, createdAt: made.json.created_at } });

    const inputs = { description: "adopted", target: { datadog: { apiKey: "program-key", ddsite: "datadoghq.com" } }, importId: id };
    expect((await destination.check({}, inputs)).failures).toEqual([]);
    emu.clearRequests();
    const adopted = await destination.create(inputs);
    expect(adopted.id).toBe(id);
    expect(emu.requests.map((r) => r.method)).toEqual(["GET", "PATCH"]);
    expect(adopted.outs).toMatchObject({ description: "adopted", target: inputs.target });
    const { failures } = await destination.check({}, { ...inputs, importId: "esb_2abcdefghijklmnopqrstuvwxyz" });
    expect(failures.map((f) => f.message)).toEqual(["importId must be the id of an existing EventDestination (ed_...)"]);
    await destination.delete(id, adopted.outs);
  });
});

/** Event resources' normalisers and comparisons, as tables: what must never show as a diff, and what always must. */
import { definitions } from "../../../provider";
import type { Props } from "../../../provider/contract";
import { normalizeIdSet, normalizeSources } from "../../../provider/definitions/event-subscription";
import { sameInput, toOutputs } from "../../../provider/engine/values";

const sub = definitions.EventSubscription.properties;
const dest = definitions.EventDestination.properties;
const t = (...types: string[]) => types.map((type) => ({ type }));

describe("EventSubscription sources (a set of event types)", () => {
  it.each([
    ["same order", t("a_created.v0", "a_updated.v0"), t("a_created.v0", "a_updated.v0"), true],
    ["another order", t("a_created.v0", "a_updated.v0"), t("a_updated.v0", "a_created.v0"), true],
    ["one more", t("a_created.v0"), t("a_created.v0", "a_updated.v0"), false],
    ["one fewer", t("a_created.v0", "a_updated.v0"), t("a_updated.v0"), false],
    ["another type", t("a_created.v0"), t("a_deleted.v0"), false],
    ["absent in the program (computed: the service's list is kept)", t("a_created.v0"), undefined, true],
    ["null in the program (as absent)", t("a_created.v0"), null, true],
    ["empty in the program (clears the list)", t("a_created.v0"), [], false],
    ["empty in the service and the program", [], [], true],
    ["absent in the service, empty in the program", undefined, [], true],
  ])("%s: same=%s", (_what, stored, program, same) => {
    expect(sameInput(sub.sources!, stored, program)).toBe(same);
  });
  it("sorts by type, leaving other values alone", () => {
    expect(normalizeSources(t("b.v0", "a.v0", "c.v0"))).toEqual(t("a.v0", "b.v0", "c.v0"));
    expect(normalizeSources(undefined)).toBeUndefined();
  });
});

describe("EventSubscription destinationIds (a set of ids)", () => {
  it.each([
    ["another order", ["ed_1", "ed_2"], ["ed_2", "ed_1"], true],
    ["a repeated id (the service keeps it once)", ["ed_1"], ["ed_1", "ed_1"], true],
    ["one more", ["ed_1"], ["ed_1", "ed_2"], false],
    ["absent in the program (cleared)", ["ed_1"], undefined, false],
    ["null in the program (as absent)", ["ed_1"], null, false],
    ["absent in both", undefined, undefined, true],
    ["empty in the service, absent in the program", [], undefined, true],
  ])("%s: same=%s", (_what, stored, program, same) => {
    expect(sameInput(sub.destinationIds!, stored, program)).toBe(same);
  });
  it("sorts and removes repeats", () => expect(normalizeIdSet(["ed_b", "ed_a", "ed_b"])).toEqual(["ed_a", "ed_b"]));
});

describe("EventSubscription read from the API", () => {
  it.each([
    ["refs to ids, uris dropped from sources", { sources: [{ type: "a_created.v0", uri: "u" }], destinations: [{ id: "ed_1", uri: "u1" }] }, { sources: t("a_created.v0"), destinationIds: ["ed_1"], destinations: [{ id: "ed_1", uri: "u1" }] }],
    ["empty lists stay empty", { sources: [], destinations: [] }, { sources: [], destinationIds: [], destinations: [] }],
    ["null and omitted lists are absent", { sources: null, description: "", metadata: null }, {}],
  ])("%s", (_what, api, outs) => {
    expect(toOutputs(definitions.EventSubscription, { id: "esb_1", ...api }, {})).toEqual(outs);
  });
  it.each([
    ["omitted", undefined],
    ["null", null],
    ["empty string", ""],
  ])("a description that is %s equals an absent one and differs from a set one", (_what, value) => {
    expect(sameInput(sub.description!, value, undefined)).toBe(true);
    expect(sameInput(sub.description!, value, "")).toBe(true);
    expect(sameInput(sub.description!, value, "x")).toBe(false);
  });
});

describe("EventDestination target", () => {
  const datadog = (fields: Props) => ({ datadog: fields });
  it.each([
    ["identical", datadog({ apiKey: "k", ddsite: "s" }), datadog({ apiKey: "k", ddsite: "s" }), true],
    ["an optional field omitted vs empty string", datadog({ apiKey: "k" }), datadog({ apiKey: "k", service: "" }), true],
    ["an optional field null vs omitted", datadog({ apiKey: "k", service: null }), datadog({ apiKey: "k" }), true],
    ["a field changed", datadog({ apiKey: "k", ddsite: "a" }), datadog({ apiKey: "k", ddsite: "b" }), false],
    ["a secret changed", datadog({ apiKey: "k" }), datadog({ apiKey: "rotated" }), false],
    ["another kind", datadog({ apiKey: "k" }), { debug: { log: true } }, false],
    ["debug log false vs omitted", { debug: { log: false } }, { debug: {} }, true],
    ["debug log true vs omitted", { debug: { log: true } }, { debug: {} }, false],
  ])("%s: same=%s", (_what, stored, program, same) => {
    expect(sameInput(dest.target!, stored, program)).toBe(same);
  });
  it("format: absent in the program keeps the service's json", () => {
    expect(sameInput(dest.format!, "json", undefined)).toBe(true);
  });

  // [what, target the API answers, prior target (state or the program's inputs), target read]
  it.each([
    ["a secret the API leaves out is kept from prior", { datadog: { ddsite: "s" } }, datadog({ apiKey: "k", ddsite: "s" }), datadog({ ddsite: "s", apiKey: "k" })],
    ["a secret answered as empty string is kept from prior", { datadog: { api_key: "", ddsite: "s" } }, datadog({ apiKey: "k" }), datadog({ ddsite: "s", apiKey: "k" })],
    ["a secret the API answers wins", { datadog: { api_key: "new" } }, datadog({ apiKey: "k" }), datadog({ apiKey: "new" })],
    ["no prior (get): the secret is absent", { datadog: { ddsite: "s" } }, undefined, datadog({ ddsite: "s" })],
    ["another kind in prior: nothing is carried over", { debug: { log: true } }, datadog({ apiKey: "k" }), { debug: { log: true } }],
    [
      "a nested AWS secret is kept",
      { kinesis: { auth: { creds: { aws_access_key_id: "id" } }, stream_arn: "arn" } },
      { kinesis: { auth: { creds: { awsAccessKeyId: "id", awsSecretAccessKey: "sk" } }, streamArn: "arn" } },
      { kinesis: { auth: { creds: { awsAccessKeyId: "id", awsSecretAccessKey: "sk" } }, streamArn: "arn" } },
    ],
    [
      "an AWS role has no secret to keep",
      { kinesis: { auth: { role: { role_arn: "r" } }, stream_arn: "arn" } },
      { kinesis: { auth: { creds: { awsAccessKeyId: "id", awsSecretAccessKey: "sk" } }, streamArn: "arn" } },
      { kinesis: { auth: { role: { roleArn: "r" } }, streamArn: "arn" } },
    ],
  ])("%s", (_what, api, prior, read) => {
    expect(toOutputs(definitions.EventDestination, { id: "ed_1", target: api, format: "json" }, { target: prior }).target).toEqual(read);
  });
});

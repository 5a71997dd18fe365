/**
 * Reference inputs (an `idPrefix` on their type): a known value of the wrong kind fails at preview,
 * naming the program's property and not the value; an unknown one waits for `up`. A reference the
 * service does not know fails at `up` with the API's message and the property named.
 */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { unknownValue } from "../../../provider/engine/values";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";
import { sshPublicKeyLine } from "../../support/ssh";

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const wrongId = "rd_2abcdefghijklmnopqrstuvwxy";

interface Row {
  kind: string;
  /** Valid inputs without the reference. */
  base: Record<string, unknown>;
  property: string;
  /** The reference's value in the program, given one id. */
  wrap: (id: string) => unknown;
  /** Where the failure points, e.g. `backends[0]`. */
  where: string;
  /** What the failure says is expected. */
  expected: string;
  good: string;
}

const rows: Row[] = [
  {
    kind: "ReservedDomain",
    base: { domain: "a.example.com" },
    property: "certificateId",
    wrap: (id) => id,
    where: "certificateId",
    expected: '"cert_"',
    good: "cert_2abcdefghijklmnopqrstuvwxy",
  },
  {
    kind: "Credential",
    base: {},
    property: "ownerId",
    wrap: (id) => id,
    where: "ownerId",
    expected: '"usr_" or "service_" or "bot_"',
    good: "bot_2abcdefghijklmnopqrstuvwxy",
  },
  {
    kind: "IpPolicyRule",
    base: { cidr: "10.0.0.0/8", action: "allow" },
    property: "ipPolicyId",
    wrap: (id) => id,
    where: "ipPolicyId",
    expected: '"ipp_"',
    good: "ipp_2abcdefghijklmnopqrstuvwxy",
  },
  {
    kind: "IpRestriction",
    base: { type: "api" },
    property: "ipPolicyIds",
    wrap: (id) => ["ipp_2abcdefghijklmnopqrstuvwxy", id],
    where: "ipPolicyIds[1]",
    expected: '"ipp_"',
    good: "ipp_2bbcdefghijklmnopqrstuvwxy",
  },
  {
    kind: "FailoverBackend",
    base: {},
    property: "backends",
    wrap: (id) => [id],
    where: "backends[0]",
    expected: '"bkdhr_" or "bkdfo_" or "bkdtg_"',
    good: "bkdtg_2abcdefghijklmnopqrstuvwxy",
  },
  {
    kind: "SshCredential",
    base: { publicKey: sshPublicKeyLine("ssh-ed25519") },
    property: "ownerId",
    wrap: (id) => id,
    where: "ownerId",
    expected: '"usr_" or "service_" or "bot_"',
    good: "usr_2abcdefghijklmnopqrstuvwxy",
  },
];

describe.each(rows)("$kind.$property", (row) => {
  let handler: Handler;
  beforeAll(() => {
    handler = provider.handler(row.kind);
  });
  it("accepts an id of the right kind, and an unknown value at preview", async () => {
    expect((await handler.check({}, { ...row.base, [row.property]: row.wrap(row.good) })).failures).toEqual([]);
    expect((await handler.check({}, { ...row.base, [row.property]: row.wrap(unknownValue) })).failures).toEqual([]);
  });
  it("refuses an id of another kind, naming the property and not the value", async () => {
    const { failures } = await handler.check({}, { ...row.base, [row.property]: row.wrap(wrongId) });
    // No property for the engine (it would print the value); the reason names it.
    expect(failures).toEqual([{ path: expect.any(String), message: `${row.where} must be an id beginning with ${row.expected}` }]);
    expect(JSON.stringify(failures)).not.toContain(wrongId);
  });
});

describe("a reference to a resource that does not exist", () => {
  it("fails at up with the API's message (ERR_NGROK_380), naming the program's property", async () => {
    const missing = "cert_000000000000000000000000000";
    const err = (await provider.handler("ReservedDomain")
      .create({ domain: "missing-cert.example.com", certificateId: missing })
      .catch((e: unknown) => e)) as Error & { errorCode?: string };
    expect(err.errorCode).toBe("ERR_NGROK_380");
    expect(err.message).toContain("certificateId refers to a resource that does not exist");
    expect(emu.resources("reserved_domains")).toEqual([]);
  });
});

describe.each([
  {
    kind: "FailoverBackend",
    property: "backends",
    kindOfRow: "failover_backends",
    inputs: (existing: string, missing: string) => ({ backends: [existing, missing] }),
    missing: "bkdhr_000000000000000000000000000",
    existing: async (): Promise<string> => (await call(emu, "POST", "/backends/http_response", { body: "x" })).json.id as string,
  },
  {
    kind: "IpRestriction",
    property: "ipPolicyIds",
    kindOfRow: "ip_restrictions",
    inputs: (existing: string, missing: string) => ({ type: "api", ipPolicyIds: [existing, missing] }),
    missing: "ipp_000000000000000000000000000",
    existing: async (): Promise<string> => (await call(emu, "POST", "/ip_policies", {})).json.id as string,
  },
  {
    kind: "IpPolicyRule",
    property: "ipPolicyId",
    kindOfRow: "ip_policy_rules",
    inputs: (_existing: string, missing: string) => ({ cidr: "10.0.0.0/8", action: "allow", ipPolicyId: missing }),
    missing: "ipp_000000000000000000000000000",
    existing: async (): Promise<string> => "",
    // ngrok's error reference has a code of its own for a rule's policy (https://ngrok.com/docs/errors/err_ngrok_1414).
    code: "ERR_NGROK_1414",
  },
])("$kind: $property naming a resource that does not exist", (row: { kind: string; property: string; kindOfRow: string; inputs: (e: string, m: string) => Record<string, unknown>; missing: string; existing: () => Promise<string>; code?: string }) => {
  it("fails create and update with the API's message, naming the property", async () => {
    const handler = provider.handler(row.kind);
    const existing = await row.existing();
    const inputs = row.inputs(existing, row.missing);
    // A preview with the key tells first (reference-checks.test.ts); `up` has the API's answer.
    expect((await handler.check({}, inputs)).failures.map((f) => f.message)).toEqual([
      expect.stringMatching(new RegExp(`^${row.property}(\\[1\\])? names ${row.missing}, which does not exist in this account`)),
    ]);
    const err = (await handler.create(inputs).catch((e: unknown) => e)) as Error & { errorCode?: string };
    expect(err.errorCode).toBe(row.code ?? "ERR_NGROK_380");
    expect(err.message).toContain(`${row.property} refers to a resource that does not exist`);
    expect(emu.resources(row.kindOfRow)).toEqual([]);
    if (existing === "") return;
    // The same at update, for a resource that exists.
    const created = await handler.create(row.inputs(existing, existing));
    const failed = (await handler.update(created.id, created.outs, inputs).catch((e: unknown) => e)) as Error & { errorCode?: string };
    expect(failed.errorCode).toBe("ERR_NGROK_380");
    expect(failed.message).toContain(`${row.property} refers to a resource that does not exist`);
    await handler.delete(created.id);
  });
});

/**
 * API errors speak the program's language: the service's field names (`certificate_id`,
 * `certificate_management_policy.private_key_type`) become the program's property paths, and the
 * input values it quotes become `<property path>` (the engine prints errors in clear, secrets
 * included), except the program's references (ids, hostports), never secret, which are quoted
 * next to their path. The error stays an ApiError with its status, code and operation id.
 *
 * First against the emulator over loopback, through the provider's create and update (skipping
 * check, which catches most of these at preview); then the mapping alone, for message shapes the
 * provider cannot make the emulator send.
 */
import type { Emulator } from "../../../emulator";
import { ApiError, definitions, type ResourceKind, type Handler, type Provider } from "../../../provider";
import { inProgramTerms } from "../../../provider/engine/api-terms";
import type { ResourceDefinition } from "../../../provider/contract";
import { call, missingId } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

interface ApiCase {
  name: string;
  kind: ResourceKind;
  /** `create` with these inputs, or `update` from a resource created with `from`. */
  op: "create" | "update";
  from?: Record<string, unknown>;
  inputs: Record<string, unknown>;
  code: string;
  /** The message as a program reads it. */
  message: string;
  /** What must not show: the API's field names and the values sent. */
  absent: string[];
}

const notACert = "cr_2abcdefghijklmnopqrstuvwxyz";
const missingCert = missingId("cert");

const API_CASES: ApiCase[] = [
  {
    name: "a bad id (215) at create",
    kind: "ReservedDomain",
    op: "create",
    inputs: { domain: "c1.example.com", certificateId: notACert },
    code: "ERR_NGROK_215",
    message: `Invalid value for 'certificateId': '${notACert}' (certificateId) is not a valid cert_ id.`,
    absent: ["certificate_id"],
  },
  {
    name: "a bad id (215) at update",
    kind: "ReservedDomain",
    op: "update",
    from: { domain: "u1.example.com" },
    inputs: { domain: "u1.example.com", certificateId: notACert },
    code: "ERR_NGROK_215",
    message: `Invalid value for 'certificateId': '${notACert}' (certificateId) is not a valid cert_ id.`,
    absent: ["certificate_id"],
  },
  {
    name: "a referenced resource that does not exist (380)",
    kind: "ReservedDomain",
    op: "create",
    inputs: { domain: "c2.example.com", certificateId: missingCert },
    code: "ERR_NGROK_380",
    message: `The certificate '${missingCert}' (certificateId) does not exist.`,
    absent: [],
  },
  {
    name: "a nested field (215)",
    kind: "ReservedDomain",
    op: "create",
    inputs: { domain: "c3.example.com", certificateManagementPolicy: { privateKeyType: "dsa-512" } },
    code: "ERR_NGROK_215",
    message: expect.stringMatching(/^Invalid value for 'certificateManagementPolicy\.privateKeyType': /) as unknown as string,
    absent: ["certificate_management_policy", "private_key_type", "dsa-512"],
  },
  {
    name: "two fields in one message (434)",
    kind: "ReservedDomain",
    op: "create",
    inputs: { domain: "c4.example.com", certificateId: missingCert, certificateManagementPolicy: { authority: "letsencrypt" } },
    code: "ERR_NGROK_434",
    message:
      "'certificateId' and 'certificateManagementPolicy' are mutually exclusive: supply an uploaded certificate or automatic management, not both.",
    absent: ["certificate_id", "certificate_management_policy"],
  },
  {
    name: "an owner id (215)",
    kind: "Credential",
    op: "create",
    inputs: { ownerId: "someone-else" },
    code: "ERR_NGROK_215",
    message: "Invalid value for 'ownerId': 'someone-else' (ownerId) is not a valid usr_ or service_ or bot_ id.",
    absent: ["owner_id"],
  },
  {
    name: "a bad ACL rule (600) at create",
    kind: "Credential",
    op: "create",
    inputs: { acl: ["bind:ok.example.com", "allow:everything"] },
    code: "ERR_NGROK_600",
    message: expect.stringMatching(/^Invalid ACL rule <acl\[1\]>: /) as unknown as string,
    absent: ["allow:everything"],
  },
  {
    name: "a bad ACL rule (600) at update",
    kind: "Credential",
    op: "update",
    from: { description: "u2" },
    inputs: { description: "u2", acl: ["bind:exa mple.com"] },
    code: "ERR_NGROK_600",
    message: expect.stringMatching(/^Invalid ACL rule <acl\[0\]>: the bind target contains whitespace/) as unknown as string,
    absent: ["exa mple.com"],
  },
];

describe.each(API_CASES)("the emulator's $code for $name", (c) => {
  it("reaches the program in its own terms, as an ApiError with status, code and operation id", async () => {
    const handler = provider.handler(c.kind);
    let attempt: Promise<unknown>;
    if (c.op === "create") {
      attempt = handler.create(c.inputs);
    } else {
      const made = await handler.create(c.from!);
      attempt = handler.update(made.id, made.outs, c.inputs);
    }
    const err = await attempt.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect({ status: e.status, errorCode: e.errorCode, apiMessage: e.apiMessage }).toEqual({
      status: 400,
      errorCode: c.code,
      apiMessage: c.message,
    });
    expect(e.operationId).toMatch(/^op_[0-9A-Za-z]+$/);
    expect(e.message).toBe(`HTTP 400 ${c.code}: ${e.apiMessage} (operation ${e.operationId})${e.hint ? `. ${e.hint}` : ""}`);
    for (const text of c.absent) expect({ absent: text, message: e.message }).toEqual({ absent: text, message: expect.not.stringContaining(text) });
  });
});

it("a domain already reserved (413) keeps the adoption hint, without quoting the domain", async () => {
  const domain = { domain: "dup.example.com" };
  const first = await provider.handler("ReservedDomain").create(domain);
  const err = (await provider.handler("ReservedDomain").create(domain).catch((e: unknown) => e)) as ApiError;
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ status: 400, errorCode: "ERR_NGROK_413", operationId: expect.stringMatching(/^op_/) });
  expect(err.apiMessage).toBe("The domain <domain> is already reserved for your account.");
  expect(err.message).toContain(`add \`importId: "${first.id}"\` to the resource`);
  expect(err.message).not.toContain("dup.example.com");
  const rows = (await call(emu, "GET", "/reserved_domains")).json.reserved_domains as { domain: string }[];
  expect(rows.filter((r) => r.domain === domain.domain)).toHaveLength(1);
});

/** A definition with what the two resources lack: lists of objects, maps, output-only fields. */
const nested: ResourceDefinition = {
  name: "Nested",
  description: "test",
  binding: { kind: "collection", path: "/nested", idPrefix: "nst", listKey: "nested" },
  example: "",
  properties: {
    ipPolicyIds: { type: { kind: "array", items: { kind: "string" } }, description: "", input: { api: "ip_policy_ids", onChange: "update", unset: "clear" } },
    headerRules: {
      type: {
        kind: "array",
        items: {
          kind: "object",
          name: "HeaderRule",
          description: "",
          properties: { headerName: { api: "header_name", type: { kind: "string" }, description: "" } },
        },
      },
      description: "",
      input: { api: "header_rules", onChange: "update", unset: "clear" },
    },
    extraHeaders: {
      type: { kind: "map", values: { kind: "string" } },
      description: "",
      input: { api: "extra_headers", onChange: "update", unset: "clear" },
    },
    webhookSecret: { type: { kind: "string" }, description: "", secret: true, input: { api: "secret", onChange: "update", unset: "clear" } },
    cnameTarget: { type: { kind: "string" }, api: "cname_target", description: "" },
  },
};

const MAPPER_CASES: { def: ResourceDefinition; api: string; inputs?: Record<string, unknown>; program: string }[] = [
  // The emulator's shapes (emulator/shared/validate.ts, emulator/shared/errors.ts, emulator/api/rules/acl.ts).
  { def: definitions.ReservedDomain, api: "Unknown field 'certificate_management_policy.key_size' in request body.", program: "Unknown field 'certificateManagementPolicy.key_size' in request body." },
  { def: definitions.ReservedDomain, api: "The 'domain' field is required.", program: "The 'domain' field is required." },
  { def: definitions.ReservedDomain, api: "Invalid value for 'certificate_management_policy': expected object", program: "Invalid value for 'certificateManagementPolicy': expected object" },
  { def: definitions.Credential, api: "The 'acl[2]' entry must be a string.", program: "The 'acl[2]' entry must be a string." },
  { def: definitions.Credential, api: "The 'owner_id' field is required.", program: "The 'ownerId' field is required." },
  { def: definitions.Credential, api: "The metadata must be at most 4096 bytes long.", program: "The metadata must be at most 4096 bytes long." },
  // Unquoted snake_case names are fields too; other words and codes are left alone.
  { def: definitions.ReservedDomain, api: "certificate_id and certificate_management_policy conflict (ERR_NGROK_434, op_2abc)", program: "certificateId and certificateManagementPolicy conflict (ERR_NGROK_434, op_2abc)" },
  { def: definitions.ReservedDomain, api: "The 'cname_target' is read-only.", program: "The 'cnameTarget' is read-only." },
  { def: definitions.ReservedDomain, api: "Unknown field 'frobnicate_level' in request body.", program: "Unknown field 'frobnicate_level' in request body." },
  // Lists of objects, maps and secrets of definitions to come.
  { def: nested, api: "Invalid value for 'ip_policy_ids[3]': 'x' is not a valid ipp_ id.", program: "Invalid value for 'ipPolicyIds[3]': 'x' is not a valid ipp_ id." },
  { def: nested, api: "Unknown field 'header_rules[0].header_value' in request body.", program: "Unknown field 'headerRules[0].header_value' in request body." },
  { def: nested, api: "Invalid value for 'header_rules[1].header_name': too long", program: "Invalid value for 'headerRules[1].headerName': too long" },
  { def: nested, api: "Invalid value for 'extra_headers.x_my_header': empty", program: "Invalid value for 'extraHeaders.x_my_header': empty" },
  {
    def: nested,
    api: "The webhook 'secret' must be 16 characters, got 'whsec-do-not-print'; \"whsec-do-not-print\" again",
    inputs: { webhookSecret: "whsec-do-not-print" },
    program: "The webhook 'webhookSecret' must be 16 characters, got <webhookSecret>; <webhookSecret> again",
  },
  {
    def: nested,
    api: "Invalid value for 'ip_policy_ids[1]': 'ipp_missing' does not exist; 'x-tenant' is not allowed",
    inputs: { ipPolicyIds: ["ipp_present", "ipp_missing"], extraHeaders: { "x-tenant": "x-tenant" } },
    program: "Invalid value for 'ipPolicyIds[1]': <ipPolicyIds[1]> does not exist; <extraHeaders.x-tenant> is not allowed",
  },
  // Values shorter than 4 characters are not replaced: the ACL syntax quotes '*' on its own.
  { def: definitions.Credential, api: "Rules are '*' or 'bind:<target>'.", inputs: { acl: ["*"] }, program: "Rules are '*' or 'bind:<target>'." },
];

it.each(MAPPER_CASES)("maps $api", ({ def, api, inputs, program }) => {
  expect(inProgramTerms(def, api, inputs)).toBe(program);
});

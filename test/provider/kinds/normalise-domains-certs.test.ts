/**
 * Tables for agent ingresses, certificate authorities and TLS certificates: what must never show
 * as a diff (case, trailing dots and newlines, null versus omitted versus empty), what always
 * must, and the spec's limits at preview.
 */
import { Provider, definitions, type ResourceKind } from "../../../provider";
import { normalizePem } from "../../../provider/definitions/pem";
import { normalizeDomain } from "../../../provider/definitions/reserved-domain";
import { fromApiValue, sameInput, toApiValue, toOutputs } from "../../../provider/engine/values";

const ai = definitions.AgentIngress.properties;
const ca = definitions.CertificateAuthority.properties;
const tls = definitions.TlsCertificate.properties;
const rd = definitions.ReservedDomain.properties;

describe("normalizePem: the service stores PEM text with a trailing newline", () => {
  it.each([
    ["PEM", "PEM\n"],
    ["PEM\n", "PEM\n"],
    ["PEM\n\n", "PEM\n\n"],
    ["", ""],
    [null, null],
    [undefined, undefined],
  ])("%j is stored as %j", (given, stored) => expect(normalizePem(given)).toBe(stored));
});

describe("same input or not", () => {
  const pem = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----";
  const rows: Array<[string, keyof typeof ai | keyof typeof ca | keyof typeof tls, Record<string, typeof ai[string]>, unknown, unknown, boolean]> = [
    // [what, property, of, stored (old output), program (new input), same]
    ["caPem: the newline the service adds", "caPem", ca, `${pem}\n`, pem, true],
    ["caPem: identical", "caPem", ca, `${pem}\n`, `${pem}\n`, true],
    ["caPem: another certificate", "caPem", ca, `${pem}\n`, pem.replace("AAAA", "BBBB"), false],
    ["certificatePem: the newline", "certificatePem", tls, pem, `${pem}\n`, true],
    ["privateKeyPem: the newline", "privateKeyPem", tls, "KEY\n", "KEY", true],
    ["privateKeyPem: another key", "privateKeyPem", tls, "KEY\n", "OTHER", false],
    ["domain: case and trailing dot", "domain", ai, "agents.example.net", "Agents.Example.NET.", true],
    ["domain: surrounding space", "domain", ai, "agents.example.net", " agents.example.net ", true],
    ["domain: another", "domain", ai, "agents.example.net", "relay.example.net", false],
    ["description: omitted by the API, absent in the program", "description", ai, undefined, undefined, true],
    ["description: empty string from older responses, absent in the program", "description", ca, "", undefined, true],
    ["description: null from the engine, empty string", "description", tls, null, "", true],
    ["description: set, then removed from the program", "description", tls, "x", null, false],
    ["metadata: set, then empty", "metadata", ai, "m", "", false],
    // The agent ingress policy: absent means none (clear), and its fields have documented defaults.
    ["policy: none, absent", "certificateManagementPolicy", ai, undefined, undefined, true],
    ["policy: null from the engine, absent", "certificateManagementPolicy", ai, null, undefined, true],
    ["policy: set, then removed", "certificateManagementPolicy", ai, { authority: "letsencrypt", privateKeyType: "rsa" }, undefined, false],
    ["policy: none, then {} (all defaults)", "certificateManagementPolicy", ai, undefined, {}, false],
    ["policy: defaults, {}", "certificateManagementPolicy", ai, { authority: "letsencrypt", privateKeyType: "rsa" }, {}, true],
    ["policy: defaults, authority only", "certificateManagementPolicy", ai, { authority: "letsencrypt", privateKeyType: "rsa" }, { authority: "letsencrypt" }, true],
    ["policy: ecdsa, key type left out (default rsa)", "certificateManagementPolicy", ai, { authority: "letsencrypt", privateKeyType: "ecdsa" }, { authority: "letsencrypt" }, false],
    ["policy: ecdsa, ecdsa", "certificateManagementPolicy", ai, { authority: "letsencrypt", privateKeyType: "ecdsa" }, { privateKeyType: "ecdsa" }, true],
  ];
  it.each(rows)("%s", (_what, name, props, stored, program, same) => {
    expect(sameInput(props[name]!, stored, program)).toBe(same);
  });

  it.each([
    // A reserved domain's policy is "computed" (absent keeps the service's choice) and defaults to ecdsa.
    [{ authority: "letsencrypt", privateKeyType: "ecdsa" }, undefined, true],
    [{ authority: "letsencrypt", privateKeyType: "ecdsa" }, {}, true],
    [{ authority: "letsencrypt", privateKeyType: "rsa" }, {}, false],
    [undefined, {}, false],
  ])("reserved domain policy: stored %j, program %j: same is %j", (stored, program, same) => {
    expect(sameInput(rd.certificateManagementPolicy!, stored, program)).toBe(same);
  });

  it("normalizeDomain is the reserved domain's", () => expect(ai.domain!.normalize).toBe(normalizeDomain));
});

describe("requests and responses", () => {
  it.each([
    [{}, { authority: "letsencrypt", private_key_type: "rsa" }],
    [{ privateKeyType: "ecdsa" }, { authority: "letsencrypt", private_key_type: "ecdsa" }],
    [{ authority: null, privateKeyType: undefined }, { authority: "letsencrypt", private_key_type: "rsa" }],
  ])("an agent ingress policy %j is sent with its defaults: %j", (program, sent) => {
    expect(toApiValue(ai.certificateManagementPolicy!.type, program)).toEqual(sent);
  });

  it("reads a TLS certificate: null, omitted and empty strings are absent; empty lists stay", () => {
    const outs = toOutputs(
      definitions.TlsCertificate,
      {
        id: "cert_1",
        certificate_pem: "PEM\n",
        description: "",
        subject_common_name: "",
        subject_alternative_names: { dns_names: ["a.example.com"], ips: [] },
        issued_at: null,
        not_before: "2026-01-01T00:00:00Z",
        key_usages: [],
        private_key_type: "ecdsa",
        serial_number: "2a",
        subject_organization: "",
        a_future_field: "later",
      },
      { privateKeyPem: "KEY" },
    );
    expect(outs).toEqual({
      certificatePem: "PEM\n",
      privateKeyPem: "KEY",
      subjectAlternativeNames: { dnsNames: ["a.example.com"], ips: [] },
      notBefore: "2026-01-01T00:00:00Z",
      keyUsages: [],
      privateKeyType: "ecdsa",
      serialNumber: "2a",
    });
    expect(fromApiValue(ai.certificateManagementPolicy!.type, null)).toBeUndefined();
  });
});

describe("the spec's limits at preview", () => {
  // No key: the program's inputs alone.
  const provider = new Provider({ settings: {} });
  const valid: Record<string, Record<string, unknown>> = {
    AgentIngress: { domain: "limits.example.net" },
    // Unknown during preview: the PEM checks are not what this table is about.
    CertificateAuthority: { caPem: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" },
    TlsCertificate: { certificatePem: "04da6b54-80e4-46f7-96ec-b56ff0331ba9", privateKeyPem: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" },
  };
  const rows: Array<[string, string, string, string, string | undefined]> = [];
  for (const kind of Object.keys(valid)) {
    rows.push(
      [kind, "description", "255 bytes (127 two-byte characters and one)", "é".repeat(127) + "a", undefined],
      [kind, "description", "256 bytes in 128 characters", "é".repeat(128), "255 bytes"],
      [kind, "metadata", "4096 bytes", "m".repeat(4096), undefined],
      [kind, "metadata", "4097 bytes", "m".repeat(4097), "4096 bytes"],
    );
  }
  it.each(rows)("%s %s of %s", async (kind, property, _label, value, problem) => {
    const failures = (await provider.handler(kind as ResourceKind).check({}, { ...valid[kind], [property]: value })).failures;
    if (problem === undefined) expect(failures).toEqual([]);
    else expect(failures.map((f) => f.message)).toEqual([expect.stringMatching(new RegExp(`${property}.*${problem}`))]);
  });
});

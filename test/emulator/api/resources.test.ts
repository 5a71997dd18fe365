/** Account resources: each collection's fields, defaults, normalisation and validation rules. */
import { FakeClock, startEmulator, type Emulator } from "../../../emulator";
import { createPrivateKey } from "crypto";
import { call, expectError, missingId, selfSigned, sshEd25519 } from "../../support/api";
import { makeCertificate } from "../../support/certs";
import { peculiarX509 } from "../../../emulator/shared/x509";

const { KeyUsageFlags } = peculiarX509();

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(() => emu.close());

describe("credentials", () => {
  it("returns the token once, then null; owner defaults to the account's user", async () => {
    const created = await call(emu, "POST", "/credentials", { description: "ci", metadata: "{}", acl: ["bind:*.example.com", "bind:env=prod"] });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^cr_/),
      uri: `${emu.url}/credentials/${created.json.id}`,
      created_at: expect.any(String),
      description: "ci",
      metadata: "{}",
      token: expect.stringMatching(/^[0-9A-Za-z]{27}_[0-9A-Za-z]{21}$/),
      acl: ["bind:*.example.com", "bind:env=prod"],
      owner_id: expect.stringMatching(/^usr_[0-9A-Za-z]{27}$/),
    });
    const got = await call(emu, "GET", `/credentials/${created.json.id}`);
    expect(got.json).toEqual({ ...created.json, token: null });
    const patched = await call(emu, "PATCH", `/credentials/${created.json.id}`, { acl: [] });
    expect(patched.json.token).toBeNull();
    expect(patched.json.acl).toEqual([]);
    expect(emu.resources("credentials")).toContainEqual(patched.json);
  });

  it("omits empty description and metadata and returns acl []", async () => {
    const a = await call(emu, "POST", "/credentials", {});
    expect("description" in a.json).toBe(false);
    expect("metadata" in a.json).toBe(false);
    expect(a.json.acl).toEqual([]);
  });

  it("keeps a given owner id and refuses an id that names no user or bot", async () => {
    const owner = `bot_${"A".repeat(27)}`;
    expect((await call(emu, "POST", "/credentials", { owner_id: owner })).json.owner_id).toBe(owner);
    expectError(await call(emu, "POST", "/credentials", { owner_id: "cr_123" }), 400, "ERR_NGROK_215");
  });

  it("rejects bad ACL rules with ERR_NGROK_600", async () => {
    for (const rule of ["connect:x", "bind:", "bind:a b", "bind:foo.*.com"]) {
      expectError(await call(emu, "POST", "/credentials", { acl: [rule] }), 400, "ERR_NGROK_600");
    }
    expect((await call(emu, "POST", "/credentials", { acl: ["*"] })).status).toBe(201);
  });

  it("limits description to 255 bytes and metadata to 4096 bytes, naming the field", async () => {
    expect((await call(emu, "POST", "/credentials", { description: "x".repeat(255) })).status).toBe(201);
    // 128 two-byte characters are 256 bytes: over the limit although only 128 characters.
    const d = expectError(await call(emu, "POST", "/credentials", { description: "é".repeat(128) }), 400, "ERR_NGROK_215");
    expect(d.msg).toContain("description");
    const m = expectError(await call(emu, "POST", "/credentials", { metadata: "x".repeat(4097) }), 400, "ERR_NGROK_215");
    expect(m.msg).toContain("metadata");
  });

  it("does not accept owner_id or token in an update", async () => {
    const c = (await call(emu, "POST", "/credentials", {})).json;
    expectError(await call(emu, "PATCH", `/credentials/${c.id}`, { owner_id: c.owner_id }), 400, "ERR_NGROK_214");
  });
});

describe("ssh_credentials", () => {
  it("stores a valid public key line; public_key and owner_id are immutable", async () => {
    const key = sshEd25519();
    const a = await call(emu, "POST", "/ssh_credentials", { public_key: key, acl: ["bind:x.example.com"] });
    expect(a.status).toBe(201);
    expect(a.json).toMatchObject({ id: expect.stringMatching(/^sshcr_/), public_key: key, acl: ["bind:x.example.com"], owner_id: expect.stringMatching(/^usr_/) });
    expect(a.json.uri).toBe(`${emu.url}/ssh_credentials/${a.json.id}`);
    expectError(await call(emu, "PATCH", `/ssh_credentials/${a.json.id}`, { public_key: sshEd25519("other") }), 400, "ERR_NGROK_214");
    expect((await call(emu, "PATCH", `/ssh_credentials/${a.json.id}`, { description: "d" })).json.description).toBe("d");
  });

  it("rejects keys that are not OpenSSH public keys", async () => {
    const bad = [
      "",
      "not a key",
      "ssh-ed25519 !!!!",
      `ssh-rsa ${sshEd25519().split(" ")[1]}`, // the blob says ed25519
      "-----BEGIN PUBLIC KEY-----",
    ];
    for (const public_key of bad) {
      expectError(await call(emu, "POST", "/ssh_credentials", { public_key }), 400, "ERR_NGROK_215");
    }
    expectError(await call(emu, "POST", "/ssh_credentials", {}), 400, "ERR_NGROK_215");
  });
});

describe("reserved_domains", () => {
  it("normalises the domain, answers region \"\" and the null-valued fields", async () => {
    const a = await call(emu, "POST", "/reserved_domains", { domain: "App.Example.COM.", region: "eu", description: "site" });
    expect(a.status).toBe(201);
    expect(a.json).toEqual({
      id: expect.stringMatching(/^rd_/),
      uri: `${emu.url}/reserved_domains/${a.json.id}`,
      created_at: expect.any(String),
      description: "site",
      domain: "app.example.com",
      region: "",
      cname_target: expect.stringMatching(/^[a-z0-9]+\.[a-z0-9]+\.ngrok-cname\.com$/),
      certificate: null,
      certificate_management_policy: null,
      certificate_management_status: null,
      acme_challenge_cname_target: null,
      http_endpoint_configuration: null,
      https_endpoint_configuration: null,
      resolves_to: [],
    });
    // Stable: reads never change a field by themselves.
    expect((await call(emu, "GET", `/reserved_domains/${a.json.id}`)).json).toEqual(a.json);
  });

  it("gives service-owned subdomains no cname_target and wildcards an ACME target", async () => {
    const owned = await call(emu, "POST", "/reserved_domains", { domain: "myapp.ngrok.app" });
    expect(owned.json.cname_target).toBeNull();
    expect(owned.json.acme_challenge_cname_target).toBeNull();
    const wild = await call(emu, "POST", "/reserved_domains", { domain: "*.wild.example.com" });
    expect(wild.json.cname_target).toEqual(expect.any(String));
    expect(wild.json.acme_challenge_cname_target).toEqual(expect.any(String));
    expectError(await call(emu, "POST", "/reserved_domains", { domain: "a.b.ngrok.app" }), 400, "ERR_NGROK_215");
  });

  it("refuses a domain that is already reserved (400 ERR_NGROK_413, not 409)", async () => {
    await call(emu, "POST", "/reserved_domains", { domain: "dup.example.com" });
    expectError(await call(emu, "POST", "/reserved_domains", { domain: "DUP.example.com." }), 400, "ERR_NGROK_413");
  });

  it("refuses a domain another account holds (400 ERR_NGROK_414)", async () => {
    const other = await startEmulator({ foreignDomains: ["Taken.Example.com."] });
    try {
      const e = expectError(await call(other, "POST", "/reserved_domains", { domain: "taken.example.com" }), 400, "ERR_NGROK_414");
      expect(e.msg).toContain("another account");
      expect((await call(other, "POST", "/reserved_domains", { domain: "free.example.com" })).status).toBe(201);
    } finally {
      await other.close();
    }
  });

  it("validates domain syntax and region values", async () => {
    for (const domain of ["", "nodot", "bad_char.example.com", "-x.example.com", "a..b.com"]) {
      expectError(await call(emu, "POST", "/reserved_domains", { domain }), 400, "ERR_NGROK_215");
    }
    expectError(await call(emu, "POST", "/reserved_domains", { domain: "r.example.com", region: "mars" }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/reserved_domains", { region: "us" }), 400, "ERR_NGROK_215");
  });

  it("fills in the certificate policy defaults and a status that only a new policy moves", async () => {
    const clock = new FakeClock({ start: Date.parse("2026-03-01T12:00:00Z") });
    const timed = await startEmulator({ rateLimit: false, clock });
    try {
      const a = await call(timed, "POST", "/reserved_domains", { domain: "managed.example.com", certificate_management_policy: {} });
      expect(a.json.created_at).toBe("2026-03-01T12:00:00Z");
      expect(a.json.certificate_management_policy).toEqual({ authority: "letsencrypt", private_key_type: "ecdsa" });
      expect(a.json.certificate_management_status).toEqual({
        renews_at: "2026-04-30T12:00:00Z",
        provisioning_job: { msg: "Provisioning certificate", started_at: "2026-03-01T12:00:00Z" },
      });
      clock.advance(24 * 3600 * 1000);
      // The job is done: the certificate is issued, the rest is as it was.
      const issued = (await call(timed, "GET", `/reserved_domains/${a.json.id}`)).json;
      expect(issued).toEqual({
        ...a.json,
        certificate: { id: expect.stringMatching(/^cert_/), uri: expect.any(String) },
        certificate_management_status: { renews_at: "2026-04-30T12:00:00Z", provisioning_job: null },
      });
      // Re-sending the same policy does not move renews_at, nor start another job.
      const same = await call(timed, "PATCH", `/reserved_domains/${a.json.id}`, { certificate_management_policy: { authority: "letsencrypt" } });
      expect(same.json.certificate_management_status).toEqual(issued.certificate_management_status);
      expect(same.json.certificate).toEqual(issued.certificate);
      // Another policy renews 60 days after it was set.
      const rsa = await call(timed, "PATCH", `/reserved_domains/${a.json.id}`, { certificate_management_policy: { private_key_type: "rsa" } });
      expect(rsa.json.certificate_management_policy).toEqual({ authority: "letsencrypt", private_key_type: "rsa" });
      expect(rsa.json.certificate_management_status).toEqual({
        renews_at: "2026-05-01T12:00:00Z",
        provisioning_job: { msg: "Provisioning certificate", started_at: "2026-03-02T12:00:00Z" },
      });
      expectError(
        await call(timed, "PATCH", `/reserved_domains/${a.json.id}`, { certificate_management_policy: { authority: "zerossl" } }),
        400,
        "ERR_NGROK_215",
      );
    } finally {
      await timed.close();
    }
  });

  it("links an uploaded certificate; certificate_id and a policy together are ERR_NGROK_434", async () => {
    const pem = await selfSigned("cert.example.com");
    const cert = await call(emu, "POST", "/tls_certificates", { certificate_pem: pem.certificatePem, private_key_pem: pem.privateKeyPem });
    expect(cert.status).toBe(201);
    expect(cert.json).toMatchObject({ id: expect.stringMatching(/^cert_/), subject_common_name: "cert.example.com" });
    expect("private_key_pem" in cert.json).toBe(false);

    const both = { domain: "cert.example.com", certificate_id: cert.json.id, certificate_management_policy: {} };
    expectError(await call(emu, "POST", "/reserved_domains", both), 400, "ERR_NGROK_434");
    expectError(await call(emu, "POST", "/reserved_domains", { domain: "cert.example.com", certificate_id: missingId("cert") }), 400, "ERR_NGROK_380");

    const rd = await call(emu, "POST", "/reserved_domains", { domain: "cert.example.com", certificate_id: cert.json.id });
    expect(rd.json.certificate).toEqual({ id: cert.json.id, uri: `${emu.url}/tls_certificates/${cert.json.id}` });
    const patchBoth = await call(emu, "PATCH", `/reserved_domains/${rd.json.id}`, { certificate_id: cert.json.id, certificate_management_policy: {} });
    expectError(patchBoth, 400, "ERR_NGROK_434");
    // A certificate in use cannot be deleted out from under the domain.
    expect((await call(emu, "DELETE", `/tls_certificates/${cert.json.id}`)).status).toBe(400);
    // Switching to automatic management drops the uploaded certificate.
    const managed = await call(emu, "PATCH", `/reserved_domains/${rd.json.id}`, { certificate_management_policy: {} });
    expect(managed.json.certificate).toBeNull();
    expect(managed.json.certificate_management_policy).toEqual({ authority: "letsencrypt", private_key_type: "ecdsa" });
    expect((await call(emu, "DELETE", `/tls_certificates/${cert.json.id}`)).status).toBe(204);
  });

  it("keeps the domain immutable and refuses unknown endpoint configurations", async () => {
    const rd = (await call(emu, "POST", "/reserved_domains", { domain: "imm.example.com" })).json;
    expectError(await call(emu, "PATCH", `/reserved_domains/${rd.id}`, { domain: "other.example.com" }), 400, "ERR_NGROK_214");
    expectError(await call(emu, "PATCH", `/reserved_domains/${rd.id}`, { http_endpoint_configuration_id: missingId("ec") }), 400, "ERR_NGROK_380");
    expect((await call(emu, "PATCH", `/reserved_domains/${rd.id}`, { https_endpoint_configuration_id: "" })).status).toBe(200);
  });
});

describe("agent_ingresses", () => {
  it("answers a relative uri, derived ns_targets and region domains; rsa is the default key type", async () => {
    const a = await call(emu, "POST", "/agent_ingresses", { domain: "Tunnels.Example.org", certificate_management_policy: { authority: "letsencrypt" } });
    expect(a.status).toBe(201);
    expect(a.json.uri).toBe(`/agent_ingresses/${a.json.id}`);
    expect(a.json.domain).toBe("tunnels.example.org");
    expect(a.json.ns_targets).toHaveLength(4);
    expect(a.json.region_domains.every((d: string) => d.endsWith(".tunnels.example.org"))).toBe(true);
    expect(a.json.certificate_management_policy).toEqual({ authority: "letsencrypt", private_key_type: "rsa" });
    const list = await call(emu, "GET", "/agent_ingresses");
    expect(list.json.ingresses.map((i: { id: string }) => i.id)).toContain(a.json.id);
    expectError(await call(emu, "PATCH", `/agent_ingresses/${a.json.id}`, { domain: "x.example.org" }), 400, "ERR_NGROK_214");
    const plain = await call(emu, "POST", "/agent_ingresses", { domain: "plain.example.org" });
    expect(plain.json.certificate_management_policy).toBeNull();
    expect(plain.json.certificate_management_status).toBeNull();
  });

  it("PATCH: {} turns certificate management on with the defaults, null turns it off, omitted keeps it", async () => {
    const a = (await call(emu, "POST", "/agent_ingresses", { domain: "managed.example.org" })).json;
    const on = await call(emu, "PATCH", `/agent_ingresses/${a.id}`, { certificate_management_policy: {} });
    expect(on.json.certificate_management_policy).toEqual({ authority: "letsencrypt", private_key_type: "rsa" });
    expect(on.json.certificate_management_status).toMatchObject({ renews_at: expect.any(String) });
    const kept = await call(emu, "PATCH", `/agent_ingresses/${a.id}`, { description: "still managed" });
    expect(kept.json.certificate_management_policy).toEqual(on.json.certificate_management_policy);
    const off = await call(emu, "PATCH", `/agent_ingresses/${a.id}`, { certificate_management_policy: null, metadata: null });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ certificate_management_policy: null, certificate_management_status: null, description: "still managed" });
  });
});

describe("backends", () => {
  it("http_response: lower-cases header names, headers null when unset", async () => {
    const a = await call(emu, "POST", "/backends/http_response", { body: "hi", headers: { "X-Custom": "1" }, status_code: 418 });
    expect(a.json).toMatchObject({ id: expect.stringMatching(/^bkdhr_/), body: "hi", headers: { "x-custom": "1" }, status_code: 418 });
    const plain = await call(emu, "POST", "/backends/http_response", { body: "" });
    expect(plain.json.headers).toBeNull();
    expectError(await call(emu, "POST", "/backends/http_response", { status_code: 42 }), 400, "ERR_NGROK_215");
    const listed = await call(emu, "GET", "/backends/http_response");
    expect(Object.keys(listed.json)).toEqual(["backends", "uri", "next_page_uri"]);
  });

  it("failover: children must exist, keep their order, and cannot form a cycle", async () => {
    const hr = (await call(emu, "POST", "/backends/http_response", { body: "x", status_code: 200 })).json;
    const tg = (await call(emu, "POST", "/backends/tunnel_group", { labels: { app: "web" } })).json;
    expect(tg).toMatchObject({ labels: { app: "web" }, tunnels: [] });
    const fo = await call(emu, "POST", "/backends/failover", { backends: [tg.id, hr.id] });
    expect(fo.json.backends).toEqual([tg.id, hr.id]);
    expectError(await call(emu, "POST", "/backends/failover", { backends: [missingId("bkdhr")] }), 400, "ERR_NGROK_380");
    expectError(await call(emu, "POST", "/backends/failover", { backends: ["cr_x"] }), 400, "ERR_NGROK_215");
    const outer = (await call(emu, "POST", "/backends/failover", { backends: [fo.json.id] })).json;
    expectError(await call(emu, "PATCH", `/backends/failover/${fo.json.id}`, { backends: [outer.id] }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/backends/tunnel_group", {}), 400, "ERR_NGROK_215");
  });
});

describe("ip_restrictions", () => {
  it("resolves ip_policy_ids to refs; enforced defaults to false; type is fixed", async () => {
    const p = (await call(emu, "POST", "/ip_policies", { description: "office" })).json;
    const a = await call(emu, "POST", "/ip_restrictions", { type: "dashboard", ip_policy_ids: [p.id] });
    expect(a.json).toMatchObject({ enforced: false, type: "dashboard", ip_policies: [{ id: p.id, uri: `${emu.url}/ip_policies/${p.id}` }] });
    expectError(await call(emu, "PATCH", `/ip_restrictions/${a.json.id}`, { type: "api" }), 400, "ERR_NGROK_214");
    expect((await call(emu, "PATCH", `/ip_restrictions/${a.json.id}`, { enforced: true })).json.enforced).toBe(true);
    expectError(await call(emu, "POST", "/ip_restrictions", { type: "ssh", ip_policy_ids: [p.id] }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/ip_restrictions", { type: "api", ip_policy_ids: [missingId("ipp")] }), 400, "ERR_NGROK_380");
  });
});

describe("ip_policy_rules", () => {
  it("creates ipr_ rules with the policy as a ref; cidr, description and metadata change, policy and action do not", async () => {
    const p = (await call(emu, "POST", "/ip_policies", { description: "office" })).json;
    const a = await call(emu, "POST", "/ip_policy_rules", { cidr: "203.0.113.0/24", ip_policy_id: p.id, action: "allow", description: "sf" });
    expect(a.status).toBe(201);
    expect(a.json).toEqual({
      id: expect.stringMatching(/^ipr_[0-9A-Za-z]{27}$/),
      uri: `${emu.url}/ip_policy_rules/${a.json.id}`,
      created_at: expect.any(String),
      description: "sf",
      cidr: "203.0.113.0/24",
      ip_policy: { id: p.id, uri: `${emu.url}/ip_policies/${p.id}` },
      action: "allow",
    });
    const listed = await call(emu, "GET", "/ip_policy_rules");
    expect(Object.keys(listed.json)).toEqual(["ip_policy_rules", "uri", "next_page_uri"]);
    expect(listed.json.ip_policy_rules).toContainEqual(a.json);
    const patched = await call(emu, "PATCH", `/ip_policy_rules/${a.json.id}`, { cidr: "2001:db8::/32", metadata: "m" });
    expect(patched.json).toMatchObject({ cidr: "2001:db8::/32", metadata: "m", description: "sf", action: "allow" });
    expectError(await call(emu, "PATCH", `/ip_policy_rules/${a.json.id}`, { action: "deny" }), 400, "ERR_NGROK_214");
    expectError(await call(emu, "PATCH", `/ip_policy_rules/${a.json.id}`, { ip_policy_id: p.id }), 400, "ERR_NGROK_214");
  });

  it.each([
    ["a bare IPv4 address (ERR_NGROK_1413: no network mask)", "198.51.100.7", 1413],
    ["a bare IPv6 address (ERR_NGROK_1413)", "2001:db8::1", 1413],
    ["the whole IPv4 space", "0.0.0.0/0", 201],
    ["an IPv6 /128", "2001:db8::1/128", 201],
    ["an IPv4 prefix over 32", "10.0.0.0/33", 400],
    ["an IPv6 prefix over 128", "2001:db8::/129", 400],
    ["a prefix that is not a number", "10.0.0.0/x", 400],
    ["an empty prefix", "10.0.0.0/", 400],
    ["a short IPv4 address", "10.0.0/8", 400],
    ["a host name", "example.com", 400],
    ["an IPv6 zone id", "fe80::1%eth0", 400],
    ["nothing", "", 400],
  ])("cidr: %s (%j) is %d", async (_what, cidr, status) => {
    const p = (await call(emu, "POST", "/ip_policies", {})).json;
    const r = await call(emu, "POST", "/ip_policy_rules", { cidr, ip_policy_id: p.id, action: "deny" });
    if (status === 201) expect({ status: r.status, cidr: r.json.cidr }).toEqual({ status, cidr });
    else if (status === 1413) expect(expectError(r, 400, "ERR_NGROK_1413").msg).toContain("network mask");
    // ERR_NGROK_1406 "Invalid CIDR" (the API's error reference), quoting what was sent.
    else expect(expectError(r, 400, "ERR_NGROK_1406").msg).toContain(`'${cidr}'`);
  });

  it("needs an existing policy (ERR_NGROK_1414) and an action of allow or deny (ERR_NGROK_1422)", async () => {
    const p = (await call(emu, "POST", "/ip_policies", {})).json;
    expectError(await call(emu, "POST", "/ip_policy_rules", { cidr: "10.0.0.0/8", ip_policy_id: missingId("ipp"), action: "allow" }), 400, "ERR_NGROK_1414");
    expectError(await call(emu, "POST", "/ip_policy_rules", { cidr: "10.0.0.0/8", ip_policy_id: "ipx_x", action: "allow" }), 400, "ERR_NGROK_1414");
    expectError(await call(emu, "POST", "/ip_policy_rules", { cidr: "10.0.0.0/8", ip_policy_id: p.id, action: "block" }), 400, "ERR_NGROK_1422");
    expectError(await call(emu, "POST", "/ip_policy_rules", { cidr: "10.0.0.0/8", ip_policy_id: p.id }), 400, "ERR_NGROK_1422");
  });

  it("deleting a policy deletes its rules, and only its rules", async () => {
    const doomed = (await call(emu, "POST", "/ip_policies", {})).json;
    const kept = (await call(emu, "POST", "/ip_policies", {})).json;
    const rules = [];
    for (const [policy, cidr] of [[doomed, "10.0.0.0/8"], [doomed, "10.1.0.0/16"], [kept, "10.2.0.0/16"]] as const) {
      rules.push((await call(emu, "POST", "/ip_policy_rules", { cidr, ip_policy_id: policy.id, action: "allow" })).json.id as string);
    }
    expect((await call(emu, "DELETE", `/ip_policies/${doomed.id}`)).status).toBe(204);
    expect((await call(emu, "GET", `/ip_policy_rules/${rules[0]}`)).status).toBe(404);
    expect((await call(emu, "GET", `/ip_policy_rules/${rules[1]}`)).status).toBe(404);
    expect((await call(emu, "GET", `/ip_policy_rules/${rules[2]}`)).json.ip_policy.id).toBe(kept.id);
  });
});

describe("certificate_authorities", () => {
  it("derives fields from the PEM, adds a trailing newline, rejects a bad PEM", async () => {
    const { certificatePem } = await selfSigned("Test CA", true);
    const pem = certificatePem.trimEnd();
    const a = await call(emu, "POST", "/certificate_authorities", { ca_pem: pem, description: "mtls" });
    expect(a.status).toBe(201);
    expect(a.json).toMatchObject({
      ca_pem: `${pem}\n`,
      subject_common_name: "Test CA",
      not_before: "2026-01-01T00:00:00Z",
      not_after: "2036-01-01T00:00:00Z",
      key_usages: expect.arrayContaining(["cert_sign", "crl_sign"]),
      extended_key_usages: [],
    });
    expectError(await call(emu, "POST", "/certificate_authorities", { ca_pem: "nope" }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "PATCH", `/certificate_authorities/${a.json.id}`, { ca_pem: pem }), 400, "ERR_NGROK_214");
  });
});

describe("tls_certificates", () => {
  it("derives the leaf's fields, never returns the private key, updates description and metadata only", async () => {
    const ca = await makeCertificate({ name: "CN=Example Issuing CA, O=Example Corp", ca: true });
    const leaf = await makeCertificate({
      name: "CN=shop.example.com, O=Example Corp, OU=Web, L=Sydney, ST=NSW, C=AU",
      issuer: ca,
      serialNumber: "00ff10",
      dnsNames: ["shop.example.com", "*.shop.example.com"],
      ips: ["192.0.2.10", "2001:db8::10"],
      keyUsages: KeyUsageFlags.digitalSignature | KeyUsageFlags.keyEncipherment,
      extendedKeyUsages: ["1.3.6.1.5.5.7.3.1"],
    });
    const chain = leaf.certificatePem + ca.certificatePem;
    const created = await call(emu, "POST", "/tls_certificates", { certificate_pem: chain, private_key_pem: leaf.privateKeyPem, description: "shop" });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^cert_/),
      uri: `${emu.url}/tls_certificates/${created.json.id}`,
      created_at: expect.any(String),
      description: "shop",
      certificate_pem: chain,
      subject_common_name: "shop.example.com",
      subject_alternative_names: { dns_names: ["shop.example.com", "*.shop.example.com"], ips: ["192.0.2.10", "2001:db8::10"] },
      issued_at: null,
      not_before: "2026-01-01T00:00:00Z",
      not_after: "2036-01-01T00:00:00Z",
      key_usages: ["digital_signature", "key_encipherment"],
      extended_key_usages: ["server_auth"],
      private_key_type: "ecdsa",
      issuer_common_name: "Example Issuing CA",
      serial_number: "ff10",
      subject_organization: "Example Corp",
      subject_organizational_unit: "Web",
      subject_locality: "Sydney",
      subject_province: "NSW",
      subject_country: "AU",
    });
    expect((await call(emu, "GET", `/tls_certificates/${created.json.id}`)).json).toEqual(created.json);
    const patched = await call(emu, "PATCH", `/tls_certificates/${created.json.id}`, { metadata: "m" });
    expect(patched.json).toEqual({ ...created.json, metadata: "m" });
    expectError(await call(emu, "PATCH", `/tls_certificates/${created.json.id}`, { private_key_pem: leaf.privateKeyPem }), 400, "ERR_NGROK_214");
    const rsa = await makeCertificate({ name: "CN=rsa.example.com", rsa: true });
    const rsaCert = await call(emu, "POST", "/tls_certificates", { certificate_pem: rsa.certificatePem, private_key_pem: rsa.privateKeyPem });
    expect(rsaCert.json).toMatchObject({ private_key_type: "rsa", subject_alternative_names: { dns_names: [], ips: [] }, subject_organization: "" });
  });

  it("refuses a key that is not the leaf's, an encrypted or malformed key and a chain holding a key, without quoting the key", async () => {
    const a = await makeCertificate({ name: "CN=a.example.com" });
    const b = await makeCertificate({ name: "CN=b.example.com" });
    const rsa = await makeCertificate({ name: "CN=rsa.example.com", rsa: true });
    const encrypted = createPrivateKey(a.privateKeyPem).export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "pw" }) as string;
    const cases: Array<[string, Record<string, string>, string]> = [
      ["another certificate's key", { certificate_pem: a.certificatePem, private_key_pem: b.privateKeyPem }, "private_key_pem"],
      ["a key of another algorithm", { certificate_pem: a.certificatePem, private_key_pem: rsa.privateKeyPem }, "private_key_pem"],
      ["an encrypted key", { certificate_pem: a.certificatePem, private_key_pem: encrypted }, "private_key_pem"],
      ["not a key", { certificate_pem: a.certificatePem, private_key_pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n" }, "private_key_pem"],
      ["a key in the chain", { certificate_pem: a.certificatePem + a.privateKeyPem, private_key_pem: a.privateKeyPem }, "certificate_pem"],
    ];
    for (const [what, body, field] of cases) {
      const { msg } = expectError(await call(emu, "POST", "/tls_certificates", body), 400, "ERR_NGROK_215");
      expect({ what, namesField: msg.includes(field), quotesKey: msg.includes(body.private_key_pem!.split("\n")[1]!) }).toEqual({
        what,
        namesField: true,
        quotesKey: false,
      });
    }
    expect(emu.resources("tls_certificates").filter((c) => (c as { subject_common_name: string }).subject_common_name === "a.example.com")).toEqual([]);
  });
});

describe("event subscriptions and sources", () => {
  it("manages sources and destination refs", async () => {
    const dest = await call(emu, "POST", "/event_destinations", { target: { debug: { log: true } } });
    expect(dest.json).toMatchObject({ id: expect.stringMatching(/^ed_/), format: "json", target: { debug: { log: true } } });
    const sub = await call(emu, "POST", "/event_subscriptions", { sources: [{ type: "ip_policy_created.v0" }], destination_ids: [dest.json.id] });
    const uri = `${emu.url}/event_subscriptions/${sub.json.id}`;
    expect(sub.json).toMatchObject({
      sources: [{ type: "ip_policy_created.v0", uri: `${uri}/sources/ip_policy_created.v0` }],
      destinations: [{ id: dest.json.id, uri: `${emu.url}/event_destinations/${dest.json.id}` }],
    });

    const added = await call(emu, "POST", `/event_subscriptions/${sub.json.id}/sources`, { type: "ip_policy_updated.v0" });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({ type: "ip_policy_updated.v0", uri: `${uri}/sources/ip_policy_updated.v0` });
    expectError(await call(emu, "POST", `/event_subscriptions/${sub.json.id}/sources`, { type: "ip_policy_updated.v0" }), 400, "ERR_NGROK_215");
    const list = await call(emu, "GET", `/event_subscriptions/${sub.json.id}/sources`);
    expect(list.json).toEqual({ sources: [expect.objectContaining({ type: "ip_policy_created.v0" }), added.json], uri: `${uri}/sources` });
    expect((await call(emu, "PATCH", `/event_subscriptions/${sub.json.id}/sources/ip_policy_updated.v0`, {})).json).toEqual(added.json);
    expect((await call(emu, "DELETE", `/event_subscriptions/${sub.json.id}/sources/ip_policy_created.v0`)).status).toBe(204);
    expect((await call(emu, "GET", `/event_subscriptions/${sub.json.id}/sources/ip_policy_created.v0`)).status).toBe(404);
    expect((await call(emu, "GET", `/event_subscriptions/${sub.json.id}`)).json.sources).toEqual([added.json]);

    const replaced = await call(emu, "PATCH", `/event_subscriptions/${sub.json.id}`, { sources: [], destination_ids: [] });
    expect(replaced.json).toMatchObject({ sources: [], destinations: [] });
  });

  it("validates types, destinations and the character limits", async () => {
    expectError(await call(emu, "POST", "/event_subscriptions", { sources: [{ type: "Not An Event" }] }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/event_subscriptions", { destination_ids: [missingId("ed")] }), 400, "ERR_NGROK_380");
    // Characters, not bytes: 255 two-byte characters are allowed here.
    expect((await call(emu, "POST", "/event_subscriptions", { description: "é".repeat(255) })).status).toBe(201);
    expectError(await call(emu, "POST", "/event_subscriptions", { description: "x".repeat(256) }), 400, "ERR_NGROK_215");
    // An unknown target kind is an unknown field, as everywhere else.
    expectError(await call(emu, "POST", "/event_destinations", { target: { nowhere: {} } }), 400, "ERR_NGROK_214");
  });
});

describe("event destinations", () => {
  const role = { role: { role_arn: "arn:aws:iam::123456789012:role/ngrok" } };

  const azure = {
    tenant_id: "t",
    client_id: "c",
    logs_ingestion_uri: "https://dce.example.com",
    data_collection_rule_id: "dcr-1",
    data_collection_stream_name: "Custom-ngrok",
  };
  // [kind, target sent, target answered]: secrets are stored but never answered.
  it.each([
    ["kinesis", { kinesis: { auth: role, stream_arn: "arn:kinesis" } }, { kinesis: { auth: role, stream_arn: "arn:kinesis" } }],
    [
      "firehose",
      { firehose: { auth: { creds: { aws_access_key_id: "AKIA1", aws_secret_access_key: "aws-secret" } }, delivery_stream_arn: "arn:firehose" } },
      { firehose: { auth: { creds: { aws_access_key_id: "AKIA1" } }, delivery_stream_arn: "arn:firehose" } },
    ],
    ["cloudwatch_logs", { cloudwatch_logs: { auth: role, log_group_arn: "arn:logs" } }, { cloudwatch_logs: { auth: role, log_group_arn: "arn:logs" } }],
    [
      "datadog",
      { datadog: { api_key: "dd-secret", ddsite: "datadoghq.eu", service: "ngrok", ddtags: "env:prod" } },
      { datadog: { ddsite: "datadoghq.eu", service: "ngrok", ddtags: "env:prod" } },
    ],
    ["azure_logs_ingestion", { azure_logs_ingestion: { ...azure, client_secret: "azure-secret" } }, { azure_logs_ingestion: azure }],
    ["debug", { debug: { log: true, callback_url: "https://example.com/hook" } }, { debug: { log: true, callback_url: "https://example.com/hook" } }],
  ])("takes a %s target and answers it without its secrets", async (_kind, target, answered) => {
    const created = await call(emu, "POST", "/event_destinations", { target });
    expect(created.status).toBe(201);
    expect(created.json.target).toEqual(answered);
    expect((await call(emu, "GET", `/event_destinations/${created.json.id}`)).json).toEqual(created.json);
  });

  it("changes format and target in place on PATCH, validated as at creation", async () => {
    const created = await call(emu, "POST", "/event_destinations", { description: "audit", target: { debug: { log: true } } });
    const id = created.json.id as string;
    const patched = await call(emu, "PATCH", `/event_destinations/${id}`, { format: "json", target: { datadog: { api_key: "k", ddsite: "datadoghq.com" } } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ id, description: "audit", format: "json", target: { datadog: { ddsite: "datadoghq.com" } } });
    expect((await call(emu, "GET", `/event_destinations/${id}`)).json.target).toEqual({ datadog: { ddsite: "datadoghq.com" } });
    // A PATCH without target keeps it.
    expect((await call(emu, "PATCH", `/event_destinations/${id}`, { description: "" })).json.target).toEqual({ datadog: { ddsite: "datadoghq.com" } });

    expectError(await call(emu, "PATCH", `/event_destinations/${id}`, { target: {} }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "PATCH", `/event_destinations/${id}`, { target: { debug: {}, datadog: {} } }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "PATCH", `/event_destinations/${id}`, { target: { datadog: { apiKey: "camel" } } }), 400, "ERR_NGROK_214");
    expectError(await call(emu, "PATCH", `/event_destinations/${id}`, { format: "xml" }), 400, "ERR_NGROK_215");
    expectError(
      await call(emu, "PATCH", `/event_destinations/${id}`, { target: { kinesis: { auth: { ...role, creds: { aws_access_key_id: "a" } }, stream_arn: "s" } } }),
      400,
      "ERR_NGROK_215",
    );
    expectError(await call(emu, "POST", "/event_destinations", { target: { kinesis: { auth: {}, stream_arn: "s" } } }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/event_destinations", { target: { kinesis: { auth: role } } }), 400, "ERR_NGROK_215");
    // Failed updates changed nothing.
    expect((await call(emu, "GET", `/event_destinations/${id}`)).json.target).toEqual({ datadog: { ddsite: "datadoghq.com" } });
  });
});

describe("resources()", () => {
  it("accepts kind names and paths and refuses unknown kinds", async () => {
    const hr = (await call(emu, "POST", "/backends/http_response", { body: "r" })).json;
    expect(emu.resources("backends/http_response")).toContainEqual(hr);
    expect(emu.resources("http_response_backends")).toContainEqual(hr);
    expect(() => emu.resources("nonsense")).toThrow(/Unknown resource kind/);
  });
});

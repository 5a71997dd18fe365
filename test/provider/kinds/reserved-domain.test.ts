/** The ReservedDomain lifecycle through the provider's operations, against the emulator over loopback. */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { createBody, patchBody, unknownValue } from "../../../provider/engine/values";
import { selfSignedPem } from "../../support/certs";
import { call } from "../../support/api";
import { emulatorForProvider, providerFor, recordedEvents } from "../../support/provider";

let reservedDomain: Handler;
let emu: Emulator;
let provider: Provider;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
  reservedDomain = provider.handler("ReservedDomain");
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

describe("ReservedDomain check", () => {
  const failuresOf = async (news: Record<string, unknown>) => (await reservedDomain.check({}, news)).failures;

  it("names both properties, once, when certificateId and certificateManagementPolicy are set together", async () => {
    const failures = await failuresOf({
      domain: "app.example.com",
      certificateId: "cert_2abcdefghijklmnopqrstuvwxyz",
      certificateManagementPolicy: { authority: "letsencrypt" },
    });
    expect(failures).toEqual([
      { path: expect.any(String), message: "certificateId and certificateManagementPolicy are mutually exclusive: set one or the other" },
    ]);
  });

  it("counts description and metadata limits in UTF-8 bytes", async () => {
    expect(await failuresOf({ domain: "a.example.com", description: "é".repeat(127) + "a" })).toEqual([]); // 255 bytes
    const tooLong = await failuresOf({ domain: "a.example.com", description: "é".repeat(128) }); // 256 bytes, 128 chars
    expect(tooLong).toEqual([{ path: expect.any(String), message: "description is too long: at most 255 bytes (UTF-8)" }]);
    expect(await failuresOf({ domain: "a.example.com", metadata: "m".repeat(4096) })).toEqual([]);
    expect(await failuresOf({ domain: "a.example.com", metadata: "m".repeat(4097) })).toEqual([
      { path: expect.any(String), message: "metadata is too long: at most 4096 bytes (UTF-8)" },
    ]);
  });

  it("validates the domain, the deprecated region and the policy's enums", async () => {
    expect(await failuresOf({})).toEqual([{ path: expect.any(String), message: "domain is required" }]);
    expect(await failuresOf({ domain: "not a domain" })).toEqual([{ path: expect.any(String), message: expect.stringMatching(/^domain is not a valid hostname/) }]);
    expect(await failuresOf({ domain: "a.example.com", region: "mars" })).toEqual([
      { path: expect.any(String), message: 'region must be one of "au", "eu", "ap", "us", "jp", "in", "sa"' },
    ]);
    const policy = await failuresOf({ domain: "a.example.com", certificateManagementPolicy: { authority: "zerossl", privateKeyType: "dsa" } });
    expect(policy).toEqual([
      { path: expect.any(String), message: 'certificateManagementPolicy.authority must be one of "letsencrypt"' },
      { path: expect.any(String), message: 'certificateManagementPolicy.privateKeyType must be one of "rsa", "ecdsa"' },
    ]);
  });

  it("checks each resolvesTo target at preview: a documented point of presence or region, global, or a dedicated IP", async () => {
    const targets = ["us-cal-1", "eu", "global", "192.0.2.1", "192.0.2.1:1234", "[2001:db8::1]:443"].map((value) => ({ value }));
    expect(await failuresOf({ domain: "a.example.com", resolvesTo: targets })).toEqual([]);
    const bad = await failuresOf({ domain: "a.example.com", resolvesTo: [{ value: "eu" }, { value: "mars" }, { value: "192.0.2.1:99999" }] });
    expect(bad.map((f) => f.message)).toEqual([
      expect.stringMatching(/^resolvesTo\[1\]\.value must be one of "us", "us-cal-1", .*, "global", or a dedicated IP address with an optional port$/),
      expect.stringMatching(/^resolvesTo\[2\]\.value must be one of/),
    ]);
  });

  it("skips values unknown during preview", async () => {
    expect(await failuresOf({ domain: unknownValue })).toEqual([]);
    expect(
      await failuresOf({ domain: "a.example.com", certificateId: unknownValue, certificateManagementPolicy: { authority: "letsencrypt" } }),
    ).toEqual([]);
  });
});

describe("ReservedDomain region, deprecated by ngrok", () => {
  it("warns at preview when the program sets it, is never sent, and keeps the program's value as output", async () => {
    const events = recordedEvents();
    const warned: string[] = [];
    const own = providerFor(emu, {}, { events: { ...events, warn: (m: string) => void warned.push(m) } });
    try {
      const handler = own.handler("ReservedDomain");
      expect((await handler.check({}, { domain: "old.example.com", region: "eu" })).failures).toEqual([]);
      expect(warned).toEqual([
        "ReservedDomain region is deprecated: region selection for reserved domains is deprecated in the ngrok API, which handles domain traffic globally: remove it (removing it changes nothing).",
      ]);
      await handler.check({}, { domain: "new.example.com" });
      expect(warned).toHaveLength(1);
      // The request bodies leave it out (the service answers "" whatever it is sent).
      expect(createBody(handler.def, { domain: "old.example.com", region: "eu" }, new Set())).toEqual({ domain: "old.example.com" });
      expect(patchBody(handler.def, { domain: "old.example.com", region: "eu" }, { domain: "old.example.com", region: "us" })).toEqual({});
      const created = await handler.create({ domain: "old.example.com", region: "eu" });
      expect(created.outs).toMatchObject({ region: "eu" });
      expect((await handler.read(created.id, created.outs)).props).toMatchObject({ region: "eu" });
      await handler.delete(created.id, created.outs);
    } finally {
      await own.close();
    }
  });
});

describe("ReservedDomain lifecycle", () => {
  it("creates with the service's normalisation and never diffs on it", async () => {
    const inputs = { domain: "Shop.Example.COM.", region: "us", description: "storefront", certificateManagementPolicy: { authority: "letsencrypt" } };
    expect((await reservedDomain.check({}, inputs)).failures).toEqual([]);
    const created = await reservedDomain.create(inputs);
    expect(created.id).toMatch(/^rd_/);
    expect(created.outs).toMatchObject({
      domain: "shop.example.com",
      region: "us", // the service answers "", the program's value is kept
      description: "storefront",
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
    });
    expect((await call(emu, "GET", `/reserved_domains/${created.id}`)).json).toMatchObject({ domain: "shop.example.com", region: "" });

    const read = await reservedDomain.read(created.id, created.outs);
    expect(read).toEqual({ id: created.id, props: created.outs });
    expect(await reservedDomain.diff(created.id, read.props, inputs)).toEqual({ changes: false, changed: [], replaces: [], deleteBeforeReplace: false });

    // Output-only fields the service changes by itself (certificate status) are never diffed.
    const renewed = { ...read.props, certificateManagementStatus: { renewsAt: "2030-01-01T00:00:00Z" } };
    expect((await reservedDomain.diff(created.id, renewed, inputs)).changes).toBe(false);
    // Leaving the deprecated region or the policy out of the program keeps the service's values.
    expect((await reservedDomain.diff(created.id, read.props, { domain: "shop.example.com", description: "storefront" })).changes).toBe(false);

    // Immutable fields replace; a replace that keeps the same domain deletes first (domains are unique).
    expect(await reservedDomain.diff(created.id, read.props, { ...inputs, domain: "cart.example.com" })).toEqual({
      changes: true,
      changed: ["domain"],
      replaces: ["domain"],
      deleteBeforeReplace: false,
    });
    // The deprecated region is never a change: another region, or none, is no diff (never a replace).
    expect(await reservedDomain.diff(created.id, read.props, { ...inputs, region: "eu" })).toEqual({ changes: false, changed: [], replaces: [], deleteBeforeReplace: false });
    // A domain not yet known at preview is shown as a replace.
    expect((await reservedDomain.diff(created.id, read.props, { ...inputs, domain: unknownValue })).replaces).toEqual(["domain"]);

    // In-place update, then clearing the description by removing it.
    const updated = await reservedDomain.update(created.id, read.props, { ...inputs, description: "storefront (EU)", metadata: "m" });
    expect(updated.outs).toMatchObject({ description: "storefront (EU)", metadata: "m", region: "us", domain: "shop.example.com" });
    const { description: _dropped, ...withoutDescription } = { ...inputs, metadata: "m" };
    expect((await reservedDomain.diff(created.id, updated.outs, withoutDescription)).changes).toBe(true);
    const cleared = await reservedDomain.update(created.id, updated.outs, withoutDescription);
    expect(cleared.outs.description).toBeUndefined();
    expect((await reservedDomain.diff(created.id, cleared.outs, withoutDescription)).changes).toBe(false);

    // Refresh after an out-of-band change shows the drift.
    await call(emu, "PATCH", `/reserved_domains/${created.id}`, { metadata: "changed by hand" });
    const refreshed = await reservedDomain.read(created.id, cleared.outs);
    expect(refreshed.props.metadata).toBe("changed by hand");
    expect(await reservedDomain.diff(created.id, refreshed.props, withoutDescription)).toMatchObject({ changes: true, replaces: [] });

    await reservedDomain.delete(created.id);
    await expect(reservedDomain.delete(created.id)).resolves.toBeUndefined();
    expect(await reservedDomain.read(created.id, refreshed.props)).toEqual({ id: "", props: {} });
  });

  it("passes the service's refusal of a duplicate domain through as a typed error, with how to adopt it", async () => {
    const first = await reservedDomain.create({ domain: "dup.example.com" });
    const err = await reservedDomain.create({ domain: "DUP.example.com" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "ApiError", status: 400, errorCode: "ERR_NGROK_413" });
    // The error says which reserved domain holds it and how to adopt it.
    expect((err as Error).message).toContain(`add \`importId: "${first.id}"\` to the resource`);
    await reservedDomain.delete(first.id);
  });

  it("after a lost create response, finds the domain the service made (matched as the service stores it): still one domain", async () => {
    emu.scriptFault({ method: "POST", path: "/reserved_domains", kind: "status-after", status: 502 });
    const created = await reservedDomain.create({ domain: "Lost.Example.com." });
    const held = emu.resources("reserved_domains").filter((d) => (d as { domain: string }).domain === "lost.example.com") as { id: string }[];
    expect(held.map((d) => d.id)).toEqual([created.id]);
    expect(created.outs.domain).toBe("lost.example.com");
    expect((await reservedDomain.diff(created.id, created.outs, { domain: "Lost.Example.com." })).changes).toBe(false);
    await reservedDomain.delete(created.id);
  });

  it("pins the domain to points of presence (resolvesTo), changes them in place and un-pins it when removed", async () => {
    const inputs = { domain: "pinned.example.com", resolvesTo: [{ value: "us-cal-1" }, { value: "eu" }] };
    const created = await reservedDomain.create(inputs);
    expect(created.outs.resolvesTo).toEqual([{ value: "us-cal-1" }, { value: "eu" }]);
    expect((await call(emu, "GET", `/reserved_domains/${created.id}`)).json.resolves_to).toEqual([{ value: "us-cal-1" }, { value: "eu" }]);
    const read = await reservedDomain.read(created.id, created.outs);
    expect(await reservedDomain.diff(created.id, read.props, inputs)).toMatchObject({ changes: false });

    const more = { ...inputs, resolvesTo: [...inputs.resolvesTo, { value: "192.0.2.1:1234" }] };
    expect(await reservedDomain.diff(created.id, read.props, more)).toMatchObject({ changes: true, changed: ["resolvesTo"], replaces: [] });
    const updated = await reservedDomain.update(created.id, read.props, more);
    expect(updated.outs.resolvesTo).toEqual(more.resolvesTo);

    const unpinned = await reservedDomain.update(created.id, updated.outs, { domain: "pinned.example.com" });
    expect((await call(emu, "GET", `/reserved_domains/${created.id}`)).json.resolves_to).toEqual([]);
    expect((await reservedDomain.diff(created.id, unpinned.outs, { domain: "pinned.example.com" })).changes).toBe(false);

    // A target the service does not know: its refusal, in the program's terms.
    const err = await reservedDomain.update(created.id, unpinned.outs, { domain: "pinned.example.com", resolvesTo: [{ value: "mars" }] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "ApiError", status: 400, errorCode: "invalid_region_target" });
    expect((err as Error).message.split("\n")).toHaveLength(1);
    await reservedDomain.delete(created.id);
  });

  it("echoes a user-uploaded certificate and clears it when removed", async () => {
    const pem = await selfSignedPem("tls.example.com");
    const cert = await call(emu, "POST", "/tls_certificates", { certificate_pem: pem.certificatePem, private_key_pem: pem.privateKeyPem });
    if (cert.status !== 201) throw new Error(`emulator refused the test certificate: ${JSON.stringify(cert.json)}`);
    const certId = cert.json.id as string;
    const inputs = { domain: "tls.example.com", certificateId: certId };
    const created = await reservedDomain.create(inputs);
    expect(created.outs).toMatchObject({ certificateId: certId, certificate: { id: certId } });
    expect((await reservedDomain.diff(created.id, created.outs, inputs)).changes).toBe(false);
    const updated = await reservedDomain.update(created.id, created.outs, { domain: "tls.example.com" });
    expect(updated.outs.certificateId).toBeUndefined();
    await reservedDomain.delete(created.id);
  });
});

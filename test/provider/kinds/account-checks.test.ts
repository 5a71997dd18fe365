/**
 * Preview-time checks of the credentials-and-access and backend resources: the spec's limits on
 * every resource, and each resource's own rules (SSH keys, CIDR ranges, status codes, headers,
 * enums). Every failure names the program's property and never quotes the value.
 */
import { Provider } from "../../../provider";
import { sshPublicKeyProblem } from "../../../provider/definitions/ssh-key";
import { cidrProblem } from "../../../provider/definitions/ip";
import { unknownValue } from "../../../provider/engine/values";
import { sshKeyBlob, sshPublicKeyLine, sshString, type SshKeyType } from "../../support/ssh";

/** Minimal valid inputs of each resource. */
const minimal: Record<string, Record<string, unknown>> = {
  SshCredential: { publicKey: sshPublicKeyLine("ssh-ed25519") },
  IpPolicy: {},
  IpPolicyRule: { ipPolicyId: "ipp_2abcdefghijklmnopqrstuvwxy", cidr: "10.0.0.0/8", action: "allow" },
  IpRestriction: { type: "api", ipPolicyIds: ["ipp_2abcdefghijklmnopqrstuvwxy"] },
  HttpResponseBackend: { body: "ok" },
  FailoverBackend: { backends: ["bkdhr_2abcdefghijklmnopqrstuvwxy"] },
  TunnelGroupBackend: { labels: { app: "web" } },
};

/** No key: preview's checks of the program's inputs alone. */
const provider = new Provider({ settings: {} });

/** A check's failures, each with the property its path begins with; each message begins with its path. */
const failuresOf = async (kind: string, news: Record<string, unknown>) => {
  const { failures } = await provider.handler(kind).check({}, news);
  for (const f of failures) expect(f.message.startsWith(f.path)).toBe(true);
  return failures.map((f) => ({ property: /^[A-Za-z]+/.exec(f.path)?.[0] ?? "", reason: f.message }));
};

describe.each(Object.keys(minimal))("%s", (kind) => {
  const base = minimal[kind]!;

  it("accepts its minimal inputs", async () => {
    expect(await failuresOf(kind, base)).toEqual([]);
  });

  it.each([
    ["description", "é".repeat(127) + "a", "é".repeat(128), "255 bytes"], // 255 bytes passes; 256 bytes (128 characters) fails
    ["metadata", "m".repeat(4096), "m".repeat(4097), "4096 bytes"],
  ])("limits %s in UTF-8 bytes", async (property, fits, tooLong, limit) => {
    expect(await failuresOf(kind, { ...base, [property]: fits })).toEqual([]);
    expect(await failuresOf(kind, { ...base, [property]: tooLong })).toEqual([{ property, reason: expect.stringContaining(limit) }]);
  });

  it("refuses unknown and output-only inputs, naming them", async () => {
    const failures = await failuresOf(kind, { ...base, descripton: "typo", uri: "x" });
    expect(failures.map((f) => f.property).sort()).toEqual(["descripton", "uri"]);
  });

  it("names every missing required input", async () => {
    const required = Object.entries(provider.handler(kind).def.properties).filter(([, p]) => p.input?.required).map(([n]) => n);
    expect((await failuresOf(kind, {})).map((f) => f.property).sort()).toEqual(required.sort());
  });
});

/** A check that must fail on `property`, with a reason that mentions `mentions` and not the value. */
interface Refusal {
  kind: string;
  what: string;
  news: Record<string, unknown>;
  property: string;
  mentions: string;
}

const refusals: Refusal[] = [
  { kind: "IpPolicyRule", what: "an action other than allow or deny", news: { action: "block" }, property: "action", mentions: '"allow", "deny"' },
  { kind: "IpRestriction", what: "an unknown restriction type", news: { type: "ssh" }, property: "type", mentions: '"dashboard", "api", "agent", "endpoints"' },
  { kind: "HttpResponseBackend", what: "a status below 100", news: { statusCode: 99 }, property: "statusCode", mentions: "100" },
  { kind: "HttpResponseBackend", what: "a status above 599", news: { statusCode: 600 }, property: "statusCode", mentions: "599" },
  { kind: "HttpResponseBackend", what: "a status beyond int32", news: { statusCode: 2 ** 31 }, property: "statusCode", mentions: "599" },
  { kind: "HttpResponseBackend", what: "a fractional status", news: { statusCode: 200.5 }, property: "statusCode", mentions: "whole number" },
  { kind: "HttpResponseBackend", what: "a header value that is not a string", news: { headers: { "x-n": 1 } }, property: "headers", mentions: "headers.x-n" },
  {
    kind: "HttpResponseBackend",
    what: "a header named twice in different cases",
    news: { headers: { "Content-Type": "text/plain", "content-type": "text/html" } },
    property: "headers",
    mentions: "twice",
  },
  { kind: "TunnelGroupBackend", what: "a label value that is not a string", news: { labels: { app: ["web"] } }, property: "labels", mentions: "labels.app" },
];

describe.each(refusals)("$kind refuses $what at preview", (r) => {
  it("naming the property, not the value", async () => {
    const failures = await failuresOf(r.kind, { ...minimal[r.kind], ...r.news });
    expect(failures).toEqual([{ property: r.property, reason: expect.stringContaining(r.mentions) }]);
    expect(failures[0]!.reason).toContain(r.property);
  });
});

describe("SSH public keys", () => {
  const types: SshKeyType[] = [
    "ssh-rsa",
    "ssh-ed25519",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ssh-ed25519@openssh.com",
    "sk-ecdsa-sha2-nistp256@openssh.com",
  ];
  it.each(types)("a real %s key line is valid, with or without a comment or a trailing newline", (type) => {
    const line = sshPublicKeyLine(type);
    expect(sshPublicKeyProblem(line)).toBeUndefined();
    expect(sshPublicKeyProblem(`${line}\n`)).toBeUndefined();
    expect(sshPublicKeyProblem(sshPublicKeyLine(type, ""))).toBeUndefined();
  });

  const b64 = (b: Buffer) => b.toString("base64");
  const ed = sshKeyBlob("ssh-ed25519");
  const ec = sshKeyBlob("ecdsa-sha2-nistp256");
  const p256Point = ec.subarray(ec.length - 65);
  const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]);
  it.each([
    ["empty", "", "<type> <base64 key data>"],
    ["a type only", "ssh-ed25519", "<type> <base64 key data>"],
    ["two lines", `${sshPublicKeyLine("ssh-ed25519")}\n${sshPublicKeyLine("ssh-ed25519")}`, "single line"],
    ["a private key", "-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjE=", "unsupported key type"],
    ["an unknown type", `ssh-dss ${b64(ed)}`, "unsupported key type"],
    ["a certificate", `ssh-ed25519-cert-v01@openssh.com ${b64(ed)}`, "unsupported key type"],
    ["data that is not base64", "ssh-ed25519 AAAA!!!!", "not base64"],
    ["a blob naming another type", `ssh-rsa ${b64(ed)}`, "type named inside differs"],
    ["a truncated blob", `ssh-ed25519 ${b64(ed.subarray(0, ed.length - 4))}`, "not 32 bytes"],
    ["trailing bytes", `ssh-ed25519 ${b64(Buffer.concat([ed, sshString("x")]))}`, "trailing bytes"],
    ["an ECDSA key naming another curve", `ecdsa-sha2-nistp256 ${b64(Buffer.concat([sshString("ecdsa-sha2-nistp256"), sshString("nistp384"), sshString(p256Point)]))}`, "curve"],
    ["an ECDSA point off the curve", `ecdsa-sha2-nistp256 ${b64(Buffer.concat([sshString("ecdsa-sha2-nistp256"), sshString("nistp256"), sshString(offCurve)]))}`, "no valid"],
    ["a security key without its application", `sk-ssh-ed25519@openssh.com ${b64(Buffer.concat([sshString("sk-ssh-ed25519@openssh.com"), ed.subarray(ed.length - 36)]))}`, "application"],
    ["an RSA key without its modulus", `ssh-rsa ${b64(Buffer.concat([sshString("ssh-rsa"), sshString(Buffer.from([1, 0, 1]))]))}`, "truncated"],
  ])("%s is refused", async (_what, line, mentions) => {
    expect(sshPublicKeyProblem(line)).toContain(mentions);
    const failures = await failuresOf("SshCredential", { publicKey: line });
    expect(failures).toEqual([{ property: "publicKey", reason: expect.stringContaining(mentions) }]);
    const data = line.split(" ")[1];
    if (data && data.length > 8) expect(failures[0]!.reason).not.toContain(data);
  });

  it("an unknown key at preview is not checked", async () => {
    expect(await failuresOf("SshCredential", { publicKey: unknownValue })).toEqual([]);
  });
});

describe("CIDR ranges", () => {
  it.each(["10.0.0.0/8", "203.0.113.7/32", "0.0.0.0/0", "198.51.100.7/32", "2001:db8::/32", "2001:DB8::/48", "::/0", "::1/128", "::ffff:192.0.2.1/128"])(
    "%s is valid",
    async (cidr) => {
      expect(cidrProblem(cidr)).toBeUndefined();
      expect(await failuresOf("IpPolicyRule", { ...minimal.IpPolicyRule, cidr })).toEqual([]);
    },
  );
  it.each([
    ["", "CIDR notation"],
    ["10.0.0.0/33", "0 to 32"],
    ["2001:db8::/129", "0 to 128"],
    ["10.0.0.0/", "0 to 32"],
    ["10.0.0.0/-1", "0 to 32"],
    ["10.0.0.0/8/8", "0 to 32"],
    ["10.0.0/8", "CIDR notation"],
    ["010.0.0.0/8", "CIDR notation"],
    ["example.com/24", "CIDR notation"],
    ["fe80::1%eth0/64", "CIDR notation"],
    [" 10.0.0.0/8", "CIDR notation"],
    // ERR_NGROK_1413 in ngrok's error reference: an address needs its network mask.
    ["198.51.100.7", "network mask: /32"],
    ["::1", "network mask: /128"],
    // ERR_NGROK_1409 in ngrok's error reference: a range is written from its lowest address.
    ["10.1.2.3/8", "lowest address of its range (10.0.0.0/8)"],
    ["2001:db8::1/32", "lowest address of its range (2001:db8::/32)"],
    ["203.0.113.7/24", "lowest address of its range (203.0.113.0/24)"],
  ])("%j is refused", async (cidr, mentions) => {
    expect(cidrProblem(cidr)).toContain(mentions);
    const failures = await failuresOf("IpPolicyRule", { ...minimal.IpPolicyRule, cidr });
    expect(failures).toEqual([{ property: "cidr", reason: expect.stringContaining(mentions) }]);
    if (cidr.trim() !== "") expect(failures[0]!.reason).not.toContain(cidr.trim());
  });
});

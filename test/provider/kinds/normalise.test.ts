/** Normalisers and comparison rules: what must never show as a diff, and what always must. */
import { definitions } from "../../../provider";
import { aclRuleProblem } from "../../../provider/definitions/acl";
import { normalizeDomain } from "../../../provider/definitions/reserved-domain";
import { sameInput, toOutputs, fromApiValue } from "../../../provider/engine/values";
import { parseRateLimit } from "../../../provider/client/rate-limit";
import { backoffDelay, parseRetryAfter, defaultBackoff } from "../../../provider/client/retry";

const rd = definitions.ReservedDomain.properties;
const cred = definitions.Credential.properties;

describe("domain", () => {
  it.each([
    ["App.Example.COM", "app.example.com"],
    ["app.example.com.", "app.example.com"],
    [" app.example.com ", "app.example.com"],
  ])("%j is stored as %j", (given, stored) => {
    expect(normalizeDomain(given)).toBe(stored);
    expect(sameInput(rd.domain!, stored, given)).toBe(true);
  });
  it("a different domain differs", () => expect(sameInput(rd.domain!, "a.example.com", "b.example.com")).toBe(false));
});

describe("absent inputs", () => {
  it("clear: an absent description equals the empty one the API omits, and differs from a set one", () => {
    expect(sameInput(rd.description!, undefined, undefined)).toBe(true);
    expect(sameInput(rd.description!, "", undefined)).toBe(true);
    expect(sameInput(rd.description!, "x", undefined)).toBe(false);
    expect(sameInput(cred.acl!, undefined, [])).toBe(true);
    expect(sameInput(cred.acl!, ["*"], undefined)).toBe(false);
  });
  it("computed: an absent region, owner or policy keeps the service's value", () => {
    expect(sameInput(rd.region!, "us", undefined)).toBe(true);
    expect(sameInput(cred.ownerId!, "usr_1", undefined)).toBe(true);
    expect(sameInput(rd.certificateManagementPolicy!, { authority: "letsencrypt", privateKeyType: "ecdsa" }, undefined)).toBe(true);
  });
  it("nested computed fields: a policy naming only the authority matches the service's defaulted key type", () => {
    const stored = { authority: "letsencrypt", privateKeyType: "ecdsa" };
    expect(sameInput(rd.certificateManagementPolicy!, stored, { authority: "letsencrypt" })).toBe(true);
    expect(sameInput(rd.certificateManagementPolicy!, stored, {})).toBe(true);
    expect(sameInput(rd.certificateManagementPolicy!, stored, { privateKeyType: "rsa" })).toBe(false);
  });
  it("list order matters (ACL rules are evaluated as given)", () => {
    expect(sameInput(cred.acl!, ["bind:a", "bind:b"], ["bind:b", "bind:a"])).toBe(false);
  });
});

describe("reading API objects", () => {
  it("treats null, omitted and empty strings alike, and converts nested snake_case", () => {
    const outs = toOutputs(definitions.ReservedDomain, {
      id: "rd_1",
      domain: "a.example.com",
      region: "",
      description: "",
      cname_target: null,
      certificate_management_policy: { authority: "letsencrypt", private_key_type: "rsa" },
      certificate_management_status: { renews_at: "2027-01-01T00:00:00Z", provisioning_job: null },
      some_future_field: { added: "later" },
    }, { region: "eu" });
    expect(outs).toEqual({
      domain: "a.example.com",
      region: "eu",
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
      certificateManagementStatus: { renewsAt: "2027-01-01T00:00:00Z" },
    });
  });
  it("keeps the token from prior state when the API returns null", () => {
    expect(toOutputs(definitions.Credential, { id: "cr_1", token: null }, { token: "tok" }).token).toBe("tok");
    expect(toOutputs(definitions.Credential, { id: "cr_1", token: "new" }, { token: "tok" }).token).toBe("new");
  });
  it("keeps map keys verbatim", () => {
    expect(fromApiValue({ kind: "map", values: { kind: "string" } }, { "x-key_a": "v" })).toEqual({ "x-key_a": "v" });
  });
});

describe("ACL rules", () => {
  it.each(["*", "bind:example.com", "bind:*.example.com", "bind:k=v", "bind:*=v", "bind:k=*", "bind:*=*"])("%s is valid", (r) =>
    expect(aclRuleProblem(r)).toBeUndefined(),
  );
  it.each(["", "bind:", "bind: x", "bind:a.*.com", "bind:*example.com", "bind:k=", "bind:=v", "bind:k*=v", "bind:a=b=c", "allow:x", "**"])(
    "%j is invalid",
    (r) => expect(aclRuleProblem(r)).toBeDefined(),
  );
});

describe("client policy", () => {
  it("parses rate limits", () => {
    expect(parseRateLimit("120/60")).toEqual({ limit: 120, windowMs: 60000 });
    expect(parseRateLimit("10 / 1.5s")).toEqual({ limit: 10, windowMs: 1500 });
    expect(parseRateLimit("off")).toBe(false);
    expect(() => parseRateLimit("fast")).toThrow(/"120\/60"/);
  });
  it("parses Retry-After as seconds or a date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(10000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
  });
  it("backs off exponentially with jitter inside the ceiling, and lets Retry-After win", () => {
    for (let retry = 0; retry < 10; retry++) {
      const ceiling = Math.min(defaultBackoff.maxMs, defaultBackoff.baseMs * 2 ** retry);
      expect(backoffDelay(retry, defaultBackoff, undefined, () => 0)).toBe(ceiling / 2);
      expect(backoffDelay(retry, defaultBackoff, undefined, () => 0.999999)).toBeLessThanOrEqual(ceiling);
    }
    expect(backoffDelay(0, defaultBackoff, 45_000)).toBe(45_000);
    expect(backoffDelay(0, defaultBackoff, 3_600_000)).toBe(120_000);
  });
});

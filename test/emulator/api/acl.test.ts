// ACL rules of tunnel and SSH credentials, as the emulator enforces them.
import fc from "fast-check";
import { validateAcl, validateAclRule } from "../../../emulator/api/rules/acl";
import { expectFailure, onlyBadRequest } from "../shared/helpers";

describe("validateAcl", () => {
  it.each([
    "*",
    "bind:example.ngrok.app",
    "bind:*.example.com",
    "bind:Example.COM",
    "bind:1.tcp.ngrok.io:20002",
    "bind:*.tunnels.example.com:443",
    "bind:env=prod",
    "bind:*=prod",
    "bind:team=*",
    "bind:*=*",
    "bind:app.kubernetes.io/name=web",
  ])("accepts %s verbatim", (rule) => {
    expect(validateAcl([rule])).toEqual([rule]);
  });

  it("treats an absent or null acl as no restrictions", () => {
    expect(validateAcl(undefined)).toEqual([]);
    expect(validateAcl(null)).toEqual([]);
    expect(validateAcl([])).toEqual([]);
  });

  it("keeps the order of several rules", () => {
    expect(validateAcl(["bind:b.example.com", "bind:a.example.com", "*"])).toEqual([
      "bind:b.example.com",
      "bind:a.example.com",
      "*",
    ]);
  });

  it.each([
    ["connect:example.com", /rule kind/],
    ["example.com", /rule kind/],
    ["bind:", /empty/],
    ["bind:foo.*.example.com", /wildcard/],
    ["bind:*example.com", /wildcard/],
    ["bind:*", /wildcard/],
    ["bind:exa mple.com", /whitespace/],
    ["bind:-bad-.example.com", /not a valid domain/],
    ["bind:example.com:0", /port/],
    ["bind:example.com:65536", /port/],
    ["bind:example.com:http", /port/],
    ["bind:=value", /label key/],
    ["bind:key=", /label value/],
    ["bind:k=v=w", /label value/],
    ["**", /rule kind/],
    ["", /rule kind/],
  ])("rejects %j with 400 ERR_NGROK_600 naming the rule", (rule, why) => {
    const f = expectFailure(() => validateAcl(["*", rule]), 400, "ERR_NGROK_600", why);
    expect(f.message).toContain(`'${rule}'`);
  });

  it("rejects wrong types with ERR_NGROK_215", () => {
    expectFailure(() => validateAcl("bind:example.com"), 400, "ERR_NGROK_215", /acl/);
    expectFailure(() => validateAcl([42]), 400, "ERR_NGROK_215", /acl\[0\]/);
    expectFailure(() => validateAcl({}, "ssh acl"), 400, "ERR_NGROK_215", /ssh acl/);
  });

  it("validateAclRule returns a valid rule unchanged", () => {
    expect(validateAclRule("bind:*.example.com")).toBe("bind:*.example.com");
  });

  it("never throws anything but a 400 ApiFailure for random values", () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => onlyBadRequest(() => validateAcl(v))), { numRuns: 500 });
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string().map((s) => `bind:${s}`))), (rules) =>
        onlyBadRequest(() => validateAcl(rules)),
      ),
      { numRuns: 500 },
    );
  });
});

/** Adopting resources created outside Pulumi with the `importId` input. */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { call } from "../../support/api";
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

describe("importId", () => {
  let rd: Handler;
  let cred: Handler;
  beforeAll(() => {
    rd = provider.handler("ReservedDomain");
    cred = provider.handler("Credential");
  });

  it("adopts a reserved domain instead of creating one, applying the program's mutable inputs", async () => {
    const existing = (await call(emu, "POST", "/reserved_domains", { domain: "legacy.example.com", description: "by hand" })).json;
    emu.clearRequests();
    const inputs = { domain: "Legacy.example.com", description: "managed now", importId: existing.id };
    expect((await rd.check({}, inputs)).failures).toEqual([]);
    const adopted = await rd.create(inputs);
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs).toMatchObject({ domain: "legacy.example.com", description: "managed now" });
    expect(emu.requests.filter((r) => r.method === "POST")).toEqual([]);
    expect(emu.resources("reserved_domains")).toHaveLength(1);
    // Managed from now on: no diff, and importId itself never produces one.
    expect((await rd.diff(adopted.id, adopted.outs, inputs)).changes).toBe(false);
    const { importId: _gone, ...withoutImportId } = inputs;
    expect((await rd.diff(adopted.id, adopted.outs, withoutImportId)).changes).toBe(false);
    await rd.delete(adopted.id);
    expect(emu.resources("reserved_domains")).toHaveLength(0);
  });

  it("refuses to adopt when an immutable input differs, naming it", async () => {
    const existing = (await call(emu, "POST", "/reserved_domains", { domain: "keep.example.com" })).json;
    const err = (await rd.create({ domain: "other.example.com", importId: existing.id }).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(
      "domain differs from the domain of the ReservedDomain that importId names, and domain cannot be changed in place, " +
        "so it cannot be adopted: make them match (if this is a replacement, remove importId from the program)",
    );
    // Neither value is quoted: the engine prints errors in clear.
    expect(err.message).not.toMatch(/keep\.example\.com|other\.example\.com|rd_/);
    expect((await call(emu, "GET", `/reserved_domains/${existing.id}`)).json.domain).toBe("keep.example.com");
    await rd.delete(existing.id);
  });

  it("fails clearly when the id does not exist or is of another kind", async () => {
    await expect(cred.create({ importId: "cr_2abcdefghijklmnopqrstuvwxyz" })).rejects.toThrow(
      /^importId names no existing Credential, so there is nothing to adopt \(remove importId to create a new one\)$/,
    );
    expect((await cred.check({}, { importId: "rd_2abcdefghijklmnopqrstuvwxyz" })).failures).toEqual([
      { path: expect.any(String), message: "importId must be the id of an existing Credential (cr_...)" },
    ]);
  });

  it("tells at preview (check) what adoption would find, for new resources only", async () => {
    const existing = (await call(emu, "POST", "/reserved_domains", { domain: "preview.example.com" })).json;
    expect((await rd.check({}, { domain: "preview.example.com", importId: existing.id })).failures).toEqual([]);
    expect((await rd.check({}, { domain: "elsewhere.example.com", importId: existing.id })).failures).toEqual([
      { path: expect.any(String), message: expect.stringMatching(/^domain differs from the domain of the ReservedDomain that importId names.*cannot be changed in place/) },
    ]);
    expect((await rd.check({}, { domain: "preview.example.com", importId: "rd_2abcdefghijklmnopqrstuvwxyz" })).failures).toEqual([
      { path: expect.any(String), message: expect.stringMatching(/^importId names no existing ReservedDomain/) },
    ]);
    // An existing resource (it has old inputs) is past adoption: no lookup, whatever importId says.
    emu.clearRequests();
    const olds = { domain: "preview.example.com", importId: "rd_2abcdefghijklmnopqrstuvwxyz" };
    expect((await rd.check(olds, olds)).failures).toEqual([]);
    expect(emu.requests).toEqual([]);
    await rd.delete(existing.id);
  });

  it("adopts a credential; its token cannot be recovered", async () => {
    const existing = (await call(emu, "POST", "/credentials", { description: "old agent" })).json;
    const adopted = await cred.create({ description: "old agent", acl: ["bind:*.example.com"], importId: existing.id });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs.token).toBeUndefined();
    expect((await call(emu, "GET", `/credentials/${existing.id}`)).json.acl).toEqual(["bind:*.example.com"]);
    await cred.delete(adopted.id);
  });
});

/** Adopting resources created outside Pulumi with the `importId` input. */
import type { Emulator } from "../../emulator";
import { dispatch } from "../../provider";
import { call } from "../support/api";
import { emulatorForProvider } from "../support/provider";

let emu: Emulator;
beforeAll(async () => {
  emu = await emulatorForProvider();
});
afterAll(async () => {
  await emu.close();
});

describe("importId", () => {
  const rd = dispatch("ReservedDomain");
  const cred = dispatch("Credential");

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
    await expect(rd.create({ domain: "other.example.com", importId: existing.id })).rejects.toThrow(
      /cannot adopt ReservedDomain rd_\w+: its domain is "keep.example.com" but the program's is "other.example.com"/,
    );
    expect((await call(emu, "GET", `/reserved_domains/${existing.id}`)).json.domain).toBe("keep.example.com");
    await rd.delete(existing.id);
  });

  it("fails clearly when the id does not exist or is of another kind", async () => {
    await expect(cred.create({ importId: "cr_2abcdefghijklmnopqrstuvwxyz" })).rejects.toThrow(
      "Credential cr_2abcdefghijklmnopqrstuvwxyz (importId) does not exist, so it cannot be adopted",
    );
    expect((await cred.check({}, { importId: "rd_2abcdefghijklmnopqrstuvwxyz" })).failures).toEqual([
      { property: "importId", reason: expect.stringContaining("(cr_...)") },
    ]);
  });

  it("tells at preview (check) what adoption would find, for new resources only", async () => {
    const existing = (await call(emu, "POST", "/reserved_domains", { domain: "preview.example.com" })).json;
    expect((await rd.check({}, { domain: "preview.example.com", importId: existing.id })).failures).toEqual([]);
    expect((await rd.check({}, { domain: "elsewhere.example.com", importId: existing.id })).failures).toEqual([
      { property: "domain", reason: expect.stringContaining("cannot be changed in place") },
    ]);
    expect((await rd.check({}, { domain: "preview.example.com", importId: "rd_2abcdefghijklmnopqrstuvwxyz" })).failures).toEqual([
      { property: "importId", reason: expect.stringContaining("does not exist") },
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

/** The Credential lifecycle through the provider's operations, against the emulator over loopback. */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

let credential: Handler;
let emu: Emulator;
let provider: Provider;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
  credential = provider.handler("Credential");
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const inputs = { description: "CI agents", metadata: '{"team":"platform"}', acl: ["bind:*.example.com", "bind:env=ci"] };

describe("Credential", () => {
  it("checks ACL rules at preview, naming the rule's place and not quoting it", async () => {
    expect((await credential.check({}, inputs)).failures).toEqual([]);
    for (const rule of ["*", "bind:example.com", "bind:*.example.com", "bind:*=ci", "bind:env=*", "bind:1.tcp.ngrok.io:20000"]) {
      expect((await credential.check({}, { acl: [rule] })).failures).toEqual([]);
    }
    for (const rule of ["connect:example.com", "bind:", "bind:exa*mple.com", "bind:a=b=c", "bind:e*v=ci", "example.com"]) {
      const { failures } = await credential.check({}, { acl: ["bind:ok.example.com", rule] });
      expect(failures).toEqual([{ path: "acl[1]", message: expect.stringMatching(/^acl\[1\] /) }]);
      expect(failures[0]!.message).not.toContain(JSON.stringify(rule));
    }
  });

  it("rejects unknown and output-only inputs at preview", async () => {
    const { failures } = await credential.check({}, { descripton: "typo", token: "x" });
    expect(failures.map((f) => f.path).sort()).toEqual(["descripton", "token"]);
    expect(failures.map((f) => f.message).sort()).toEqual([
      expect.stringMatching(/^descripton is not an input of Credential \(inputs: description, metadata, acl, ownerId\)$/),
      "token is an output of Credential and cannot be set",
    ]);
  });

  it("creates, reads, updates, refreshes and deletes, keeping the one-time token", async () => {
    const created = await credential.create(inputs);
    expect(created.id).toMatch(/^cr_[0-9A-Za-z]{27}$/);
    const token = created.outs.token;
    expect(typeof token).toBe("string");
    expect(token).not.toBe("");
    expect(created.outs).toMatchObject(inputs);
    // Its self link (`uri`) only lookups answer: the state never holds it.
    expect(created.outs).not.toHaveProperty("uri");
    expect(created.outs.ownerId).toMatch(/^(usr|bot)_/);

    // The API no longer returns the token; the provider keeps it from state.
    const stored = await call(emu, "GET", `/credentials/${created.id}`);
    expect(stored.json.token).toBeNull();
    const read = await credential.read(created.id, created.outs);
    expect(read).toEqual({ id: created.id, props: created.outs });

    // No change right after create: no perpetual diff.
    expect(await credential.diff(created.id, read.props, inputs)).toMatchObject({ changes: false, replaces: [] });

    // A mutable change is an in-place update; the token survives it.
    const changed = { ...inputs, description: "CI and release agents", acl: ["*"] };
    expect(await credential.diff(created.id, read.props, changed)).toMatchObject({ changes: true, replaces: [] });
    const updated = await credential.update(created.id, read.props, changed);
    expect(updated.outs).toMatchObject({ description: "CI and release agents", acl: ["*"], token });
    expect((await call(emu, "GET", `/credentials/${created.id}`)).json).toMatchObject({ description: "CI and release agents" });

    // Removing an input clears it in the service.
    const cleared = { acl: ["*"], description: "CI and release agents" };
    expect(await credential.diff(created.id, updated.outs, cleared)).toMatchObject({ changes: true, replaces: [] });
    const afterClear = await credential.update(created.id, updated.outs, cleared);
    expect(afterClear.outs.metadata).toBeUndefined();
    expect((await call(emu, "GET", `/credentials/${created.id}`)).json.metadata ?? "").toBe("");

    // Changing the owner replaces the credential.
    expect(await credential.diff(created.id, afterClear.outs, { ...cleared, ownerId: "usr_2abcdefghijklmnopqrstuvwxyz" })).toMatchObject({
      changes: true,
      replaces: ["ownerId"],
      deleteBeforeReplace: false,
    });

    // Refresh after an out-of-band change: the drift shows, and the token is still there.
    expect((await call(emu, "PATCH", `/credentials/${created.id}`, { description: "edited in the dashboard" })).status).toBe(200);
    const refreshed = await credential.read(created.id, afterClear.outs);
    expect(refreshed.props).toMatchObject({ description: "edited in the dashboard", token });
    expect(await credential.diff(created.id, refreshed.props, cleared)).toMatchObject({ changes: true, replaces: [] });

    await credential.delete(created.id);
    expect((await call(emu, "GET", `/credentials/${created.id}`)).status).toBe(404);
    // Deleting what is already gone succeeds; reading it reports it gone.
    await expect(credential.delete(created.id)).resolves.toBeUndefined();
    expect(await credential.read(created.id, refreshed.props)).toEqual({ id: "", props: {} });
  });

  it("adopts an existing credential by id (Credential.get reads with no prior state)", async () => {
    const made = await call(emu, "POST", "/credentials", { description: "made by hand", acl: ["bind:x.example.com"] });
    const id = made.json.id as string;
    const read = await credential.read(id, {});
    expect(read.id).toBe(id);
    expect(read.props).toMatchObject({ description: "made by hand", acl: ["bind:x.example.com"] });
    // The token is not retrievable after creation: adoption cannot produce it.
    expect(read.props.token).toBeUndefined();
    await credential.delete(id);
  });

  it("reports API errors with status, code and operation id", async () => {
    const err = await credential.read("cr_notarealid", {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "ApiError" });
    const e = err as { status: number; errorCode?: string; operationId?: string; message: string };
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^HTTP 400 ERR_NGROK_\d+: .+ \(operation op_[0-9A-Za-z]+\)$/);
    await expect(credential.read("rd_2abcdefghijklmnopqrstuvwxyz", {})).rejects.toThrow(/start with "cr_"/);
  });
});

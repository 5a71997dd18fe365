/**
 * The dynamic-provider host's door (provider/hosts/dynamic.ts) in this process: the shapes Pulumi's
 * host reads, one provider per process, a resource coming from the plugin, and the host's echo of
 * failures. test/provider/hosts/host.test.ts drives the same door through Pulumi's real host.
 */
import { execFile } from "child_process";
import * as path from "path";
import { call, configure, dispatch, MissingApiKeyError, UnknownKindError } from "../../../provider";
import { HostEchoes } from "../../../provider/hosts/dynamic";

const repo = path.resolve(__dirname, "..", "..", "..");
const offline = { "ngrok:apiBaseUrl": "http://127.0.0.1:9" };

beforeEach(() => {
  // No key: nothing here may reach an API (a request would fail with MissingApiKeyError).
  configure((key) => (offline as Record<string, string>)[key]);
});

describe("check", () => {
  it("answers failures as the host hands them to the engine: no property, the message beginning with the path", async () => {
    const { failures } = await dispatch("Credential").check({}, { acl: ["bind:ok.example.com", "nonsense"], descripton: "typo" });
    expect(failures).toEqual([
      { property: "", reason: expect.stringMatching(/^descripton is not an input of Credential/) },
      { property: "", reason: expect.stringMatching(/^acl\[1\] /) },
    ]);
  });
});

describe("one provider per process", () => {
  const subscription = "esb_2abcdefghijklmnopqrstuvwxyz";
  const source = { subscriptionId: subscription, type: "ip_policy_created.v0" };

  it("keeps what it learnt of the program when configured again with the same settings, as the host does for each stub; other settings start afresh", async () => {
    // The subscription's program sets `sources`: an EventSource naming it conflicts.
    await dispatch("EventSubscription").diff(subscription, { __provider: "stub" }, { __provider: "stub", sources: ["ip_policy_created.v0"] });
    configure((key) => (offline as Record<string, string>)[key]);
    expect((await dispatch("EventSource").check({}, source)).failures).toEqual([
      { property: "", reason: expect.stringMatching(/^subscriptionId names an EventSubscription whose program sets sources/) },
    ]);

    configure((key) => (({ ...offline, "ngrok:maxRetries": "1" }) as Record<string, string>)[key]);
    expect((await dispatch("EventSource").check({}, source)).failures).toEqual([]);
  });

  it("serves `call`, the stub's one entry, and names what it does not know in one line", async () => {
    await call("Credential", "configure", [{ config: { get: (key: string) => (offline as Record<string, string>)[key] } }]);
    expect(await call("Credential", "diff", ["cr_x", { __provider: "stub", description: "a" }, { __provider: "stub", description: "b" }])).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(() => dispatch("Starship")).toThrow(UnknownKindError);
    expect(() => dispatch("Starship")).toThrow("this version of pulumi-ngrok does not know the resource kind Starship; upgrade the package");
    await expect(call("Credential", "teleport", [])).rejects.toThrow('this version of pulumi-ngrok has no operation "teleport"; upgrade the package');
  });
});

describe("a resource the plugin managed (its state has no stub)", () => {
  const inputs = { description: "moved", acl: [] };
  const news = { __provider: "stub", ...inputs };

  it("diffs as a change even when its inputs are the same, so that the update writes the stub into state", async () => {
    expect(await dispatch("Credential").diff("cr_x", inputs, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    expect(await dispatch("Credential").diff("cr_x", { ...inputs, __provider: "stub" }, news)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
    // A replace stays a replace.
    expect(await dispatch("Credential").diff("cr_x", inputs, { ...news, ownerId: "usr_2abcdefghijklmnopqrstuvwxyz" })).toMatchObject({ changes: true, replaces: ["ownerId"] });
  });

  it("updates with no request when only the stub is missing, and through the API otherwise", async () => {
    const olds = { ...inputs, token: "kept", createdAt: "2026-01-01T00:00:00Z" };
    expect(await dispatch("Credential").update("cr_x", olds, news)).toEqual({ outs: olds });
    await expect(dispatch("Credential").update("cr_x", olds, { ...news, description: "changed" })).rejects.toThrow(MissingApiKeyError);
  });
});

describe("Pulumi's dynamic-provider host's echo of failures", () => {
  const hostArgv = ["/usr/bin/node", "/srv/app/node_modules/@pulumi/pulumi/cmd/dynamic-provider", "127.0.0.1:1"];

  it("is dropped for exactly the explained failures this door threw; a bug keeps its stack, and other lines pass", () => {
    const written: unknown[][] = [];
    const target = { error: (...args: unknown[]) => void written.push(args) };
    const echoes = HostEchoes.install(hostArgv, target)!;
    const explained = new MissingApiKeyError();
    const bug = new TypeError("cannot read properties of undefined");
    echoes.expect(explained);
    echoes.expect(bug);
    const echo = (e: Error) => `${String(e)}: ${e.stack}`;
    target.error(echo(explained));
    target.error(echo(bug));
    target.error("a line of its own");
    // One echo expected per failure thrown: a second identical line is someone else's.
    target.error(echo(explained));
    expect(written).toEqual([[echo(bug)], ["a line of its own"], [echo(explained)]]);
  });

  it("is not looked for outside that host", () => {
    const target = { error: () => undefined };
    const error = target.error;
    expect(HostEchoes.install(["/usr/bin/node", "/srv/app/index.js"], target)).toBeUndefined();
    expect(target.error).toBe(error);
  });

  it("is handled from the door's first call in that host, not when the package is loaded", async () => {
    const script = `
      process.argv.push(${JSON.stringify(hostArgv[1])});
      const original = console.error;
      const p = require("pulumi-ngrok/provider");
      const atLoad = console.error === original;
      p.dispatch("Credential");
      process.stdout.write(JSON.stringify({ atLoad, afterFirstCall: console.error === original }));`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(path.join(repo, "node_modules", ".bin", "node"), ["-e", script], { cwd: repo, env: { PATH: process.env.PATH ?? "" } }, (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    expect(JSON.parse(out)).toEqual({ atLoad: true, afterFirstCall: false });
  });
});

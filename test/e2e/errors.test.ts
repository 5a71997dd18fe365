/**
 * Failures as a user reads them in the real CLI's output: one line each, no stack frame, no
 * terminal escape code. A key the API refuses at `refresh` and `destroy` (which run with the key
 * stored by the last `up`) says so and how to rotate it, once per command; `preview` with a
 * configured key checks it with one request (with none, it sends none); and a Node.js older than
 * the package supports is named in one line. The program is examples/quickstart.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { PulumiStack, cleanUpStack, pulumiBinDir, repoRoot, type RunResult } from "./pulumi";

jest.setTimeout(15 * 60_000);

const refusedKey = "The ngrok API key was refused. `refresh` and `destroy` use the key stored in the stack's state by the last `up`";
const output = (r: RunResult) => r.stdout + r.stderr;

/** What must not be in any failure's output: stack frames, escape codes, raw error class names. */
function noiseIn(text: string): string[] {
  return [
    ...(text.match(/^\s+at .*$/gm) ?? []),
    ...(text.match(/\x1b\[[0-9;]*m.*$/gm) ?? []),
    ...(text.match(/\b(ApiError|TransportError): .*$/gm) ?? []),
  ];
}
const count = (text: string, part: string) => text.split(part).length - 1;
/** The CLI's Diagnostics section: each failure once (the progress lines above repeat them as they happen). */
const diagnostics = (r: RunResult) => /^Diagnostics:\n([^]*?)^(?:Resources|Outputs):/m.exec(output(r))?.[1] ?? "";

/** A loopback forwarder to the API of the moment: the test switches it to an API that refuses the stack's key. */
async function switchableApi(first: string): Promise<{ url: string; target: string; close(): Promise<void> }> {
  const api = { target: first, url: "", close: async () => undefined as void };
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? "/", api.target);
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  api.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return api;
}

describe("a key the API refuses", () => {
  let emu: Emulator;
  let revoked: Emulator;
  let api: Awaited<ReturnType<typeof switchableApi>>;
  let stack: PulumiStack | undefined;

  beforeAll(async () => {
    emu = await startEmulator();
    // The API once the stack's key is revoked: it answers another key only.
    revoked = await startEmulator();
    api = await switchableApi(emu.url);
  });
  afterAll(async () => {
    await emu?.close();
    await revoked?.close();
    await api?.close();
  });
  afterEach(async () => {
    api.target = emu.url;
    await cleanUpStack(stack);
    stack = undefined;
  });

  it("at refresh and destroy: one line, naming the key stored by the last `up` and how to rotate it", async () => {
    stack = await PulumiStack.create({ example: "quickstart", config: { "ngrok:apiBaseUrl": api.url }, secretConfig: { "ngrok:apiKey": emu.apiKey } });
    await stack.up();
    api.target = revoked.url;
    for (const command of ["refresh", "destroy"]) {
      const r = await stack.run(command, [command, "--yes", "--skip-preview", "--config-file", stack.configFile], { allowFailure: true });
      expect({ command, failed: r.code !== 0, noise: noiseIn(output(r)) }).toEqual({ command, failed: true, noise: [] });
      // Refresh reads all of the quickstart's resources and tells the refusal once; destroy tells it
      // for each delete it started, the endpoint and the credential at once (nothing depends on
      // either), then stops. Nothing else is reported.
      const lines = diagnostics(r).split("\n").filter((l) => l.trim() !== "" && !/^ {2}\S.*:$/.test(l));
      expect({ command, lines: lines.filter((l) => !l.includes(refusedKey) && !/^ {4}error: (preview|update) failed$/.test(l)) }).toEqual({ command, lines: [] });
      const refused = lines.filter((l) => l.includes(refusedKey)).length;
      expect({ command, refused: command === "refresh" ? refused === 1 : refused >= 1 && refused <= 2 }).toEqual({ command, refused: true });
      // Nothing was read, so nothing changed: the stack still holds all four resources.
      expect({ command, resources: (await stack!.stackExport()).deployment.resources?.filter((res) => res.type.includes("ngrok:")).length }).toEqual({ command, resources: 4 });
      expect(output(r)).toMatch(/HTTP 403 ERR_NGROK_203: The API key is not valid\. \(operation op_\w+\)\. The ngrok API key was refused\. .* To rotate a key: set the new one \(`pulumi config set ngrok:apiKey <key> --secret`/);
      expect(output(r)).not.toContain(emu.apiKey);
    }
  });

  it("at preview, with a configured key: one request checks it, and the preview fails in one line", async () => {
    stack = await PulumiStack.create({ example: "quickstart", config: { "ngrok:apiBaseUrl": revoked.url }, secretConfig: { "ngrok:apiKey": emu.apiKey } });
    revoked.clearRequests();
    const r = await stack.run("preview", ["preview", "--config-file", stack.configFile], { allowFailure: true });
    expect({ failed: r.code !== 0, noise: noiseIn(output(r)) }).toEqual({ failed: true, noise: [] });
    expect(count(diagnostics(r), refusedKey)).toBe(1);
    expect(revoked.requests.map((q) => `${q.method} ${q.path}`)).toEqual(["GET /tunnel_sessions"]);
  });

  it("at preview, with no key: no request, as before", async () => {
    stack = await PulumiStack.create({ example: "quickstart", config: { "ngrok:apiBaseUrl": revoked.url } });
    revoked.clearRequests();
    await stack.preview();
    expect(revoked.requests).toEqual([]);
  });
});

it("on a Node.js older than the package supports, `pulumi preview` says so in one line", async () => {
  // A Node.js on the machine's PATH older than package.json's engines.node (Debian's, for one).
  const wanted = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
  const [major, minor] = /(\d+)\.(\d+)/.exec(wanted)!.slice(1).map(Number) as [number, number];
  const older = (process.env.PATH ?? "").split(path.delimiter).filter((d) => !d.includes("node_modules")).map((d) => path.join(d, "node")).find((node) => {
    if (!fs.existsSync(node)) return false;
    const [a, b] = execFileSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).split(".").map(Number) as [number, number];
    return a < major || (a === major && b < minor);
  });
  if (older === undefined) throw new Error(`this test needs a Node.js older than ${wanted} on PATH (apt-get install nodejs)`);
  const binDir = await pulumiBinDir();
  const stack = await PulumiStack.create({
    example: "quickstart",
    env: { PATH: [binDir, path.dirname(older), "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter) },
  });
  try {
    const r = await stack.run("preview", ["preview", "--config-file", stack.configFile], { allowFailure: true });
    expect({ failed: r.code !== 0, noise: noiseIn(output(r)) }).toEqual({ failed: true, noise: [] });
    expect(output(r)).toMatch(new RegExp(`^ {4}error: pulumi-ngrok needs Node\\.js >= ${major}\\.${minor} \\(this is \\d+\\.\\d+\\.\\d+\\)$`, "m"));
    expect(output(r)).not.toMatch(/\.ts:\d+/);
  } finally {
    stack.dispose();
  }
});

/**
 * examples/ai-gateway end to end, lean: `make up EXAMPLE=ai-gateway` (scripts/stack.sh, the real
 * CLI, the emulator with its AI gateway and stand-in providers) deploys it, the access key it made
 * gets a chat completion through the AI gateway, and `make down` deletes all. Each resource's life
 * cycle (updates, rotation, replacement, refresh) is the AI Gateway resources' own tests'; the
 * routing cases are test/emulator/ai-gateway/'s.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pulumiBinDir, repoRoot } from "../pulumi";

jest.setTimeout(10 * 60_000);

function run(command: string, env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile("bash", ["-c", command], { cwd: repoRoot, env, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

it("deploys with make up, answers a chat completion made with its access key, and goes down", async () => {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), "example-ai-gateway-"));
  const env = { ...process.env, PATH: `${await pulumiBinDir()}${path.delimiter}${path.join(repoRoot, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`, PULUMI_NGROK_STACK_DIR: state, EXAMPLE: "ai-gateway" };
  try {
    const deployed = await run("scripts/stack.sh up", env);
    expect({ code: deployed.code, out: deployed.code === 0 ? "" : deployed.out }).toEqual({ code: 0, out: "" });
    expect(deployed.out).toMatch(/^Resources:\n\s+\+ 7 created$/m);
    // The access key's token is a secret output, and shows nowhere.
    expect(deployed.out).toMatch(/accessKeyToken\s*: \[secret\]/);
    expect(deployed.out).not.toMatch(/ng-[A-Za-z0-9]+-g1-/);
    expect(deployed.out).toMatch(/^HTTP\/1\.1 200 OK$/m);
    expect(deployed.out).toMatch(/^ngrok-aig-model: gpt-4o$/m);
    expect(deployed.out).toContain('"content":"openai:gpt-4o answered"');
  } finally {
    const gone = await run("scripts/stack.sh down", env);
    expect({ code: gone.code, out: gone.code === 0 ? "" : gone.out }).toEqual({ code: 0, out: "" });
    expect(gone.out).toMatch(/^\s+- 7 deleted$/m);
    fs.rmSync(state, { recursive: true, force: true });
  }
});

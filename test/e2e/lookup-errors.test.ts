/**
 * End to end: a lookup that matches nothing, and one that matches two resources, each fail the
 * program's preview in one plain line (the lookup's message), with the real Pulumi CLI, through
 * both doors: no stack frame, no terminal escape code (NO_COLOR or not), no Node.js warning about
 * a rejection handled late. The program is test/e2e/programs/lookup (stack config `case`).
 */
import * as path from "path";
import { call } from "../support/api";
import { useEmulatorStacks } from "./fixture";
import { pluginProgram } from "./lifecycle";
import { installPlugin, pluginTarball } from "./plugin-install";
import type { RunResult } from "./pulumi";

jest.setTimeout(15 * 60_000);

const programDir = path.join(__dirname, "programs", "lookup");
const fx = useEmulatorStacks({ ready: pluginTarball });

/**
 * Every line the command's Diagnostics section holds, the engine's own summary and the resource's
 * heading aside, and every line of the whole output that looks like noise: a stack frame, an
 * escape code, a Node.js warning.
 */
function failureLines(r: RunResult): { diagnostics: string[]; noise: string[] } {
  const out = `${r.stdout}\n${r.stderr}`;
  const section = /^Diagnostics:\n([^]*?)^(?:Resources|Outputs):/m.exec(out)?.[1] ?? "";
  return {
    diagnostics: section
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "" && !/^pulumi:pulumi:Stack \(.*\):$/.test(l) && !/^error: (preview|update) failed$/.test(l)),
    noise: out.split("\n").filter((l) => /^\s+at |\x1b\[|Warning|\(node:\d+\)/.test(l)),
  };
}

type Door = "dynamic" | "plugin";

describe.each<Door>(["dynamic", "plugin"])("a lookup's failure through the %s door", (door) => {
  const cases: { name: string; message: (policy: string, rules: string[]) => RegExp }[] = [
    { name: "miss", message: () => /^error: getReservedDomain: no ReservedDomain has domain "nobody\.ngrok\.app": give the id \(`rd_\.\.\.`\) of an existing one$/ },
    {
      name: "several",
      // The rules in the order the API lists them.
      message: (policy, [a, b]) =>
        new RegExp(`^error: getIpPolicyRule: 2 IpPolicyRule resources have ipPolicyId "${policy}" \\((${a}, ${b}|${b}, ${a})\\): give the id of the one you mean, or its cidr as well$`),
    },
  ];

  it.each(cases)("$name: preview fails in one plain line", async ({ name, message }) => {
    const emu = fx.emu;
    const policy = (await call(emu, "POST", "/ip_policies", { description: "office" })).json as { id: string };
    const rules: string[] = [];
    for (const cidr of ["203.0.113.0/24", "198.51.100.0/24"]) {
      const rule = (await call(emu, "POST", "/ip_policy_rules", { ip_policy_id: policy.id, cidr, action: "allow" })).json as { id: string };
      rules.push(rule.id);
    }
    const s = await fx.create({
      programDir: door === "plugin" ? pluginProgram("lookup", programDir) : programDir,
      config: { case: name, ipPolicyId: policy.id },
      env: { NO_COLOR: "1" },
    });
    if (door === "plugin") await installPlugin(s);
    const r = await s.run("preview", ["preview", "--config-file", s.configFile], { allowFailure: true });
    expect(r.code).not.toBe(0);
    expect(failureLines(r)).toEqual({ diagnostics: [expect.stringMatching(message(policy.id, rules))], noise: [] });
  });
});

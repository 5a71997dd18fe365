// restrict-ips (https://ngrok.com/docs/traffic-policy/actions/restrict-ips/).
import { inCidrs } from "../cel";
import { f } from "../schema";
import { bool, ConfigError, HTTP, message, setResult, strList, type ActionImpl } from "./common";

export const restrictIps: ActionImpl = {
  type: "restrict-ips",
  phases: ["on_tcp_connect", ...HTTP],
  config: { enforce: f("bool", { default: true }), allow: f("strings", { literal: "cidr" }), deny: f("strings", { literal: "cidr" }), ip_policies: f("strings", { literal: "ip-policy" }) },
  async run(config, run) {
    const allow = strList(config, "allow").map((c) => run.cel.text(c));
    const denyList = strList(config, "deny").map((c) => run.cel.text(c));
    for (const id of strList(config, "ip_policies")) {
      const p = run.ctx.env.ipPolicy(id);
      if (p === undefined) throw new ConfigError(`IP policy ${id} does not exist`);
      allow.push(...p.allow);
      denyList.push(...p.deny);
    }
    const ip = run.ex.conn.clientIp;
    const matched = [...denyList, ...allow].find((c) => inCidrs(ip, [c])) ?? "";
    const allowed = allow.some((c) => inCidrs(ip, [c])) && !denyList.some((c) => inCidrs(ip, [c]));
    setResult(run, "restrict_ips", { action: allowed ? "allow" : "deny", matched_cidr: matched });
    if (allowed || !bool(config, "enforce", true)) return { kind: "continue", detail: allowed ? "allow" : "deny (not enforced)" };
    if (run.phase === "on_tcp_connect") return { kind: "close", detail: "deny" };
    return { kind: "respond", response: message(403, {}, `ERR_NGROK_3205: The IP address ${ip} is not allowed to access this endpoint.\n`), detail: "deny" };
  },
};

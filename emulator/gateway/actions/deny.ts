// deny (https://ngrok.com/docs/traffic-policy/actions/deny/): refuses the request, or closes the connection in on_tcp_connect.
import { f } from "../schema";
import { message, type ActionImpl } from "./common";

export const deny: ActionImpl = {
  type: "deny",
  phases: ["on_tcp_connect", "on_http_request"],
  terminating: true,
  config: { status_code: f("int", { min: 100, max: 599, default: 403 }) },
  async run(config, run) {
    if (run.phase === "on_tcp_connect") return { kind: "close" };
    const status = typeof config["status_code"] === "number" ? config["status_code"] : 403;
    return { kind: "respond", response: message(status) };
  },
};

// close-connection (https://ngrok.com/docs/traffic-policy/actions/close-connection/): the
// connection is closed at once, with no answer (the gateway destroys the socket; testPolicy
// answers status 0).
import type { ActionImpl } from "./common";

export const closeConnection: ActionImpl = {
  type: "close-connection",
  phases: ["on_tcp_connect", "on_http_request"],
  terminating: true,
  config: {},
  async run() {
    return { kind: "close", detail: "connection closed" };
  },
};

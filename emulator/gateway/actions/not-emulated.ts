// Documented actions the emulator cannot run offline. Each answers 501 saying which and why,
// never blaming the policy.
import { ERR_2267_MESSAGE, standardProviderKeys } from "../ai-gateway-keys";
import { NotEmulated, type ActionImpl } from "./common";

function notEmulated(type: string, why: string): ActionImpl {
  return {
    type,
    phases: ["on_http_request"],
    config: "open",
    async run() {
      throw new NotEmulated(why);
    },
  };
}

/** ai-gateway (https://ngrok.com/docs/traffic-policy/actions/ai-gateway/) routes to AI providers' APIs with ngrok-managed or attached keys. */
export const aiGateway: ActionImpl = {
  ...notEmulated("ai-gateway", "it calls AI providers' APIs, which the emulator does not reach"),
  refusal(config) {
    const keys = standardProviderKeys(config);
    return keys && { code: "ERR_NGROK_2267", place: keys.place, why: keys.why, message: ERR_2267_MESSAGE };
  },
};


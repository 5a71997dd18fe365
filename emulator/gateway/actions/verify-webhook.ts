// verify-webhook (https://ngrok.com/docs/traffic-policy/actions/verify-webhook/).
import { f } from "../schema";
import { verifyWebhook, WEBHOOK_PROVIDERS } from "../webhooks";
import { bool, ConfigError, message, NotEmulated, setResult, str, type ActionImpl } from "./common";

export const verifyWebhookAction: ActionImpl = {
  type: "verify-webhook",
  phases: ["on_http_request"],
  config: { provider: f("string", { required: true, literal: "webhook-provider" }), secret: f("string", { required: true }), enforce: f("bool", { default: true }) },
  async run(config, run) {
    const provider = str(config, "provider");
    // check.ts accepted one of the documented providers; the emulator verifies the signatures of some.
    if (!WEBHOOK_PROVIDERS.includes(provider)) throw new NotEmulated(`the emulator does not verify ${provider}'s signatures (it verifies ${WEBHOOK_PROVIDERS.join(", ")})`);
    const secret = run.cel.text(str(config, "secret"));
    let why: string | undefined;
    try {
      why = verifyWebhook(
        provider,
        { url: run.ex.originalUrl, headers: run.ex.request.headers, body: run.ex.request.body, contentType: run.ex.request.headers.get("content-type")?.[0] ?? "" },
        secret,
        Math.floor(run.ctx.env.clock.now() / 1000),
      );
    } catch (err) {
      throw new ConfigError(`${err instanceof Error ? err.message : String(err)}`);
    }
    setResult(run, "verify_webhook", { verified: why === undefined, ...(why === undefined ? {} : { error: { code: "verification_failed", message: why } }) });
    if (why === undefined) return { kind: "continue", detail: "verified" };
    if (!bool(config, "enforce", true)) return { kind: "continue", detail: `not verified (not enforced): ${why}` };
    return { kind: "respond", response: message(403, {}, `Forbidden: the ${provider} webhook signature could not be verified\n`), detail: why };
  },
};

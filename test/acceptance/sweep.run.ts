/**
 * `make sweep`: deletes every object of the account at NGROK_API_BASE_URL (default ngrok's) whose
 * fields carry the acceptance run mark (SWEEP_MARK, default `pulumi-ngrok-acc-`) and that is older
 * than SWEEP_MIN_AGE_MINUTES (default 60), paced to ACCEPTANCE_RATE (default 60/60). It prints one
 * line per deletion and a summary. With NGROK_AI_GATEWAY_API_KEY it also sweeps the AI Gateway API
 * (NGROK_AI_GATEWAY_API_BASE_URL, default ngrok's) with that key; its configuration, the account's
 * one, is never touched. The Makefile runs it only when NGROK_API_KEY is set.
 */
import { Api, intervalOf } from "./api";
import { RUN_MARK, type ApiName } from "./plans";
import { sweep } from "./sweep";

jest.setTimeout(60 * 60_000);

it("sweeps what acceptance runs left", async () => {
  const env = process.env;
  const minutes = Number(env["SWEEP_MIN_AGE_MINUTES"] || "60");
  if (!(minutes >= 0)) throw new Error(`SWEEP_MIN_AGE_MINUTES must be a number of minutes, got "${env["SWEEP_MIN_AGE_MINUTES"]}"`);
  const mark = env["SWEEP_MARK"] || RUN_MARK;
  if (!mark.startsWith(RUN_MARK)) throw new Error(`SWEEP_MARK must start with ${RUN_MARK}: the sweeper deletes only what acceptance runs made`);
  const rate = intervalOf(env["ACCEPTANCE_RATE"] || "60/60");
  const targets: { name: ApiName; baseUrl: string; apiKey: string }[] = [{ name: "management", baseUrl: env["NGROK_API_BASE_URL"] || "https://api.ngrok.com", apiKey: env["NGROK_API_KEY"] || "" }];
  const aiKey = env["NGROK_AI_GATEWAY_API_KEY"] || "";
  if (aiKey !== "") targets.push({ name: "ai-gateway", baseUrl: env["NGROK_AI_GATEWAY_API_BASE_URL"] || "https://api.ngrok.ai", apiKey: aiKey });
  const say = (l: string) => void process.stdout.write(`${l}\n`);
  if (aiKey === "") say("sweep: NGROK_AI_GATEWAY_API_KEY is not set: the AI Gateway API is not swept");
  const failed: string[] = [];
  for (const t of targets) {
    const api = new Api({ baseUrl: t.baseUrl, apiKey: t.apiKey }, rate);
    say(`sweep: objects of ${t.baseUrl} carrying ${mark} older than ${minutes} min`);
    const r = await sweep(api, { minAgeMs: minutes * 60_000, mark, log: say, apiName: t.name });
    say(`sweep (${t.name} API): ${r.deleted.length} deleted, ${r.young.length} carrying the mark kept (younger), ${r.unmarked} without the mark left alone, ${r.failed.length} failed; ${api.count} requests`);
    failed.push(...r.failed);
  }
  expect(failed).toEqual([]);
});

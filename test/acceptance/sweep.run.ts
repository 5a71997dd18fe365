/**
 * `make sweep`: deletes every object of the account at NGROK_API_BASE_URL (default ngrok's) whose
 * fields carry the acceptance run mark (SWEEP_MARK, default `pulumi-ngrok-acc-`) and that is older
 * than SWEEP_MIN_AGE_MINUTES (default 60), paced to ACCEPTANCE_RATE (default 60/60). It prints one
 * line per deletion and a summary. The Makefile runs it only when NGROK_API_KEY is set.
 */
import { Api, intervalOf } from "./api";
import { RUN_MARK } from "./plans";
import { sweep } from "./sweep";

jest.setTimeout(60 * 60_000);

it("sweeps what acceptance runs left", async () => {
  const env = process.env;
  const minutes = Number(env["SWEEP_MIN_AGE_MINUTES"] || "60");
  if (!(minutes >= 0)) throw new Error(`SWEEP_MIN_AGE_MINUTES must be a number of minutes, got "${env["SWEEP_MIN_AGE_MINUTES"]}"`);
  const mark = env["SWEEP_MARK"] || RUN_MARK;
  if (!mark.startsWith(RUN_MARK)) throw new Error(`SWEEP_MARK must start with ${RUN_MARK}: the sweeper deletes only what acceptance runs made`);
  const baseUrl = env["NGROK_API_BASE_URL"] || "https://api.ngrok.com";
  const api = new Api({ baseUrl, apiKey: env["NGROK_API_KEY"] || "" }, intervalOf(env["ACCEPTANCE_RATE"] || "60/60"));
  const say = (l: string) => void process.stdout.write(`${l}\n`);
  say(`sweep: objects of ${baseUrl} carrying ${mark} older than ${minutes} min`);
  const r = await sweep(api, { minAgeMs: minutes * 60_000, mark, log: say });
  say(`sweep: ${r.deleted.length} deleted, ${r.young.length} carrying the mark kept (younger), ${r.unmarked} without the mark left alone, ${r.failed.length} failed; ${api.count} requests`);
  expect(r.failed).toEqual([]);
});

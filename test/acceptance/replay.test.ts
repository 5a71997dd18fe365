/**
 * The emulator checked against what the API answered: every recording in test/recordings/ (made by
 * `make acceptance RECORD=1`, against ngrok or the emulator) is replayed, exchange by exchange, against
 * a fresh emulator, and each difference in status, error code, field presence and field type is
 * reported on a line of its own. A difference planted in a recording must be reported.
 */
import * as fs from "fs";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { Api } from "./api";
import { replay, type Recording } from "./recording";

const dir = path.join(__dirname, "..", "recordings");
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort() : [];
const load = (f: string) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Recording;

let emu: Emulator;
beforeEach(async () => {
  // The recording's pace was the API's: the replay needs none.
  emu = await startEmulator({ rateLimit: false, certificateProvisioningMs: 24 * 3_600_000 });
});
afterEach(() => emu.close());

/** A client of the API the recording was made with: the management API, or the AI Gateway API with its own key. */
const api = (r: Recording) => (r.api === "ai-gateway" ? new Api({ baseUrl: emu.aiGatewayApi.url, apiKey: emu.aiGatewayApi.apiKey }, 0) : new Api({ baseUrl: emu.url, apiKey: emu.apiKey }, 0));

it("has recordings to replay, of both APIs", () => {
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter((f) => load(f).api === "ai-gateway").length).toBeGreaterThan(0);
});

it.each(files)("%s replays against the emulator with no difference", async (file) => {
  const recording = load(file);
  const { replayed, differences } = await replay(recording, api(recording));
  expect(replayed).toBeGreaterThan(0);
  expect(differences.map((d) => `${file} #${d.index} ${d.exchange}: ${d.difference}`)).toEqual([]);
});

const firstOf = (which: "management" | "ai-gateway") => files.find((f) => (load(f).api ?? "management") === which) ?? `no ${which} recording`;

it.each([firstOf("management"), firstOf("ai-gateway")])("reports a difference planted in %s", async (file) => {
  const recording = load(file);
  const created = recording.exchanges.findIndex((x) => x.method === "POST" && (x.status === 201 || x.status === 200) && typeof x.body === "object" && x.body !== null && "description" in x.body);
  const listed = recording.exchanges.findIndex((x, i) => i > created && x.method === "GET" && x.status === 200);
  expect(created).toBeGreaterThanOrEqual(0);
  expect(listed).toBeGreaterThan(created);
  const planted: Recording = JSON.parse(JSON.stringify(recording)) as Recording;
  // The API answered a field the emulator does not, of another type, and another status.
  const body = planted.exchanges[created]!.body as Record<string, unknown>;
  body["region"] = "eu";
  body["description"] = 7;
  planted.exchanges[listed]!.status = 202;
  const { differences } = await replay(planted, api(planted));
  const ex = (i: number) => `${planted.exchanges[i]!.method} ${planted.exchanges[i]!.path}`;
  expect(differences.map((d) => `#${d.index} ${d.exchange}: ${d.difference}`)).toEqual([
    `#${created + 1} ${ex(created)}: field description: number recorded, string from the emulator`,
    `#${created + 1} ${ex(created)}: field region recorded, absent from the emulator`,
    `#${listed + 1} ${ex(listed)}: status 202 recorded, 200 from the emulator`,
  ]);
});

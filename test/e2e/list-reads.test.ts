/**
 * End to end with the real CLI and engine: the reads of `preview` (adoption checks), `refresh`
 * and `up --refresh` of a stack of 30 reserved domains (adopted with importId) and 30 credentials
 * are served from list pages: a few requests instead of one GET per resource, with the same
 * results (no changes after up; an out-of-band delete and change are found and repaired).
 *
 * Request counts, not pacing, are what this asserts, so the emulator's rate limit and the
 * client's pacing are off; bench/refresh.bench.ts measures a refresh of 500 under the API's limit.
 * Fails, never skips, when the CLI cannot be built. The SDK is loaded from dist/ (`make build` first).
 */
import * as path from "path";
import { call } from "../support/api";
import { PulumiStack, type StackResource } from "./pulumi";
import { useEmulatorStacks } from "./fixture";

jest.setTimeout(15 * 60_000);

const programDir = path.join(__dirname, "programs", "many");
const EACH = 30;

const fx = useEmulatorStacks({ emulator: { rateLimit: false } });

type Row = Record<string, unknown> & { id: string };
const rows = (kind: string) => fx.emu.resources(kind) as Row[];
/** The requests since the last clearRequests, as "METHOD /path". */
const requestLines = () => fx.emu.requests.map((r) => `${r.method} ${r.path}`);
const isPage = (line: string) => /^GET \/(credentials|reserved_domains)$/.test(line);

/** The stack's ngrok resources by name (the Stack resource and providers left out). */
async function ngrokResources(s: PulumiStack): Promise<Record<string, StackResource>> {
  const resources = (await s.stackExport()).deployment.resources ?? [];
  return Object.fromEntries(resources.filter((r) => r.type.includes("ngrok:")).map((r) => [r.urn.split("::").pop()!, r]));
}

it("preview, refresh and up --refresh of 60 resources read list pages, not one GET each", async () => {
  // Reserved domains made outside Pulumi, which the program adopts with importId.
  const made: string[] = [];
  for (let i = 0; i < EACH; i++) {
    const r = await call(fx.emu, "POST", "/reserved_domains", { domain: `d${i}.many.example.com`, description: "made by hand" });
    expect(r.status).toBe(201);
    made.push(r.json.id as string);
  }
  const s = await fx.create({
    programDir,
    config: {
      "ngrok:rateLimit": "off",
      credentials: String(EACH),
      domains: String(EACH),
      domainIds: JSON.stringify(made),
    },
  });

  // Preview checks each adoption (one Check at a time): the first lookup is a GET, the rest come
  // from the list's page.
  fx.emu.clearRequests();
  await s.preview();
  const previewed = requestLines();
  expect(previewed.every((l) => l.startsWith("GET "))).toBe(true);
  expect(previewed.length).toBeLessThanOrEqual(4);

  await s.up();
  expect(rows("reserved_domains").map((r) => r.id).sort()).toEqual([...made].sort());
  expect(rows("reserved_domains").every((r) => /^app \d+$/.test(String(r.description)))).toBe(true);
  expect(rows("credentials")).toHaveLength(EACH);

  // Refresh right after up: nothing changes, and the 60 reads take a page of each list (and at
  // most one GET of each kind, a read that came alone before the others).
  fx.emu.clearRequests();
  await s.refreshExpectNoChanges();
  const refreshed = requestLines();
  expect(refreshed.every((l) => l.startsWith("GET "))).toBe(true);
  expect(refreshed.filter(isPage).sort()).toEqual(["GET /credentials", "GET /reserved_domains"]);
  expect(refreshed.length).toBeLessThanOrEqual(4);

  // Changed behind Pulumi's back: one credential deleted, one domain's description edited.
  const gone = rows("credentials").find((r) => r.description === "agent 3")!;
  const edited = rows("reserved_domains").find((r) => r.domain === "d7.many.example.com")!;
  expect((await call(fx.emu, "DELETE", `/credentials/${gone.id}`)).status).toBe(204);
  expect((await call(fx.emu, "PATCH", `/reserved_domains/${edited.id}`, { description: "edited in the dashboard" })).status).toBe(200);

  fx.emu.clearRequests();
  await s.pulumi("refresh", "refresh", "--yes", "--skip-preview");
  const detected = requestLines();
  // The deleted credential is absent from the list, and a GET confirms it before it is dropped.
  expect(detected).toContain(`GET /credentials/${gone.id}`);
  expect(fx.emu.requests.find((r) => r.path === `/credentials/${gone.id}`)!.status).toBe(404);
  expect(detected.filter(isPage).sort()).toEqual(["GET /credentials", "GET /reserved_domains"]);
  expect(detected.length).toBeLessThanOrEqual(5);
  const state = await ngrokResources(s);
  expect(state["agent-3"]).toBeUndefined();
  expect(state["domain-7"]!.outputs).toMatchObject({ description: "edited in the dashboard" });
  expect(Object.keys(state)).toHaveLength(2 * EACH - 1);

  // up --refresh: the same reads, then the credential is made again and the description put back.
  fx.emu.clearRequests();
  await s.pulumi("up --refresh", "up", "--refresh", "--yes", "--skip-preview", "--diff");
  const repaired = requestLines();
  expect(repaired.filter((l) => l.startsWith("GET ")).length).toBeLessThanOrEqual(4);
  expect(repaired.filter((l) => !l.startsWith("GET ")).sort()).toEqual(["PATCH /reserved_domains/" + edited.id, "POST /credentials"].sort());
  expect(rows("credentials")).toHaveLength(EACH);
  expect(rows("reserved_domains").find((r) => r.id === edited.id)).toMatchObject({ description: "app 7" });
  await s.previewExpectNoChanges();

  await s.destroy();
  expect(rows("credentials")).toEqual([]);
  expect(rows("reserved_domains")).toEqual([]);
});

/**
 * The provider against an emulator that fails at random (seeded): errors before and after
 * processing, and connections dropped before and after processing. Whatever happens, a create
 * call adds at most one resource (it repeats a POST only after deleting what a lost answer made),
 * every failure is typed, what succeeded is really there, and a failed create leaves nothing
 * behind unless its error names what may exist.
 */
import fc from "fast-check";
import { FakeClock } from "../../../clock";
import { startEmulator } from "../../../emulator";
import { ApiClient, ApiError, LostCreateError, ResourceHandler, TransportError, definitions } from "../../../provider";

// After a faulted 429 the client paces itself to the API's documented limit: on a clock that moves
// to each wait at once, so that the run takes the time of its requests, not of its waits.

it("never duplicates a create and keeps its promises under random faults", async () => {
  // What the runs went through, so the test cannot pass without faults having happened.
  const seen = { created: 0, failedUnprocessed: 0, failedProcessed: 0, faultedRequests: 0, lostAnswers: 0 };
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
      const emu = await startEmulator({
        rateLimit: false,
        faults: { seed, errorBeforeRate: 0.25, errorAfterRate: 0.1, resetRate: 0.1 },
      });
      // The provider's own handler; only the backoff is shortened so the test runs quickly.
      const clock = new FakeClock({ start: Date.now(), skipSleeps: true, autoAdvance: true });
      const client = new ApiClient({ apiKey: emu.apiKey, baseUrl: emu.url, rateLimit: false, clock, backoff: { baseMs: 2, maxMs: 20, maxRetries: 10 } });
      const credential = new ResourceHandler(definitions.Credential, { client: () => client });
      const processedPosts = () => emu.requests.filter((r) => r.method === "POST" && r.processed).length;
      const stored = () => (emu.resources("credentials") as { id: string }[]).map((r) => r.id);
      try {
        const created: { id: string; token: unknown }[] = [];
        for (let i = 0; i < 4; i++) {
          emu.clearRequests();
          const before = stored();
          const result = await credential.create({ description: `agent ${i}`, acl: ["*"] }).then(
            (r) => ({ ok: true as const, r }),
            (e: unknown) => ({ ok: false as const, e }),
          );
          const posts = processedPosts();
          // Never a duplicate: a create is repeated only after deleting what a lost answer made
          // (a credential without its token).
          const deleted = new Set(emu.requests.filter((r) => r.method === "DELETE" && r.processed).map((r) => r.path)).size;
          expect(posts - deleted).toBeLessThanOrEqual(1);
          seen.faultedRequests += emu.requests.filter((r) => r.status === 0 || r.status >= 429).length;
          seen.lostAnswers += emu.requests.filter((r) => r.method === "POST" && r.processed && (r.status === 0 || r.status >= 500)).length;
          const added = stored().filter((id) => !before.includes(id));
          if (result.ok) {
            seen.created++;
            expect(posts - deleted).toBe(1);
            expect(added).toEqual([result.r.id]);
            expect(typeof result.r.outs.token).toBe("string");
            created.push({ id: result.r.id, token: result.r.outs.token });
          } else {
            // Only the faults can fail a valid create: a server error or a dropped connection.
            const e = result.e;
            if (posts === 0) seen.failedUnprocessed++;
            else seen.failedProcessed++;
            if (e instanceof ApiError) expect(e.status).toBeGreaterThanOrEqual(429);
            else if (e instanceof TransportError) {
              // "Certainly not sent" must be true.
              if (!e.mayHaveBeenProcessed) expect(posts).toBe(0);
            } else if (!(e instanceof LostCreateError)) throw e; // untyped: a bug
            // What the failed create left behind, if anything, its error names.
            const message = (e as Error).message;
            for (const id of added) expect({ message, namesIt: message.includes(id) || message.includes("importId") }).toEqual({ message, namesIt: true });
            created.push(...added.map((id) => ({ id, token: undefined })));
          }
        }
        // The account holds exactly what the creates made: nothing invented, nothing lost.
        expect(stored().sort()).toEqual(created.map((c) => c.id).sort());

        for (const c of created) {
          const read = await credential.read(c.id, { token: c.token }).catch((e: unknown) => e);
          if (read instanceof Error) {
            expect(read instanceof ApiError || read instanceof TransportError).toBe(true);
          } else {
            expect(read).toMatchObject({ id: c.id, ...(c.token === undefined ? {} : { props: { token: c.token } }) });
          }
          const deleted = await credential.delete(c.id).then(() => "deleted", (e: unknown) => e);
          if (deleted === "deleted") expect(emu.resources("credentials").some((r) => (r as { id: string }).id === c.id)).toBe(false);
          else expect(deleted instanceof ApiError || deleted instanceof TransportError).toBe(true);
        }
      } finally {
        await client.close();
        await emu.close();
      }
    }),
    { numRuns: 12 },
  );
  expect(seen.created).toBeGreaterThan(0);
  expect(seen.faultedRequests).toBeGreaterThan(10);
  // Lost answers after processing must have happened: the case a naive retry would duplicate.
  expect(seen.lostAnswers).toBeGreaterThan(0);
});

/** Medians and spreads: these machines are noisy, so results are ratios measured in one run. */

export interface Summary {
  median: number;
  /** Lowest and highest sample. */
  min: number;
  max: number;
  n: number;
}

export function summary(samples: readonly number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  if (s.length === 0) return { median: NaN, min: NaN, max: NaN, n: 0 };
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return { median, min: s[0]!, max: s[s.length - 1]!, n: s.length };
}

/** `x` rounded to `digits` significant digits, for tables and JSON. */
export function round(x: number, digits = 3): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const scale = 10 ** (digits - 1 - Math.floor(Math.log10(Math.abs(x))));
  return Math.round(x * scale) / scale;
}

/** "median (min-max)". */
export function show(s: Summary, digits = 3): string {
  return `${round(s.median, digits)} (${round(s.min, 2)}-${round(s.max, 2)})`;
}

/** Milliseconds since `start` (process.hrtime.bigint()). */
export function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Runs `ops` calls of `op` with `concurrency` workers; returns requests per second. */
export async function throughput(ops: number, concurrency: number, op: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ops) await op(next++);
    }),
  );
  return ops / (msSince(start) / 1000);
}

// Identifiers, timestamps and the seeded PRNG used by the emulator.
import { randomBytes } from "node:crypto";

/** Base62 in ASCII order, so that lexicographic order of ids equals numeric order. */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ID_BODY_LENGTH = 27;
const TIME_CHARS = 8; // 62^8 ms is ~6900 years: enough for any clock
const SEQ_CHARS = 4; // 62^4 ids within one millisecond keep their order
const RANDOM_CHARS = ID_BODY_LENGTH - TIME_CHARS - SEQ_CHARS;

function encodeFixed(value: number, width: number): string {
  let out = "";
  let v = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

function decodeFixed(text: string): number {
  let v = 0;
  for (const ch of text) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return NaN;
    v = v * 62 + digit;
  }
  return v;
}

/** `n` random base62 characters from the OS CSPRNG (ids and tokens must not be guessable). */
export function randomBase62(n: number): string {
  let out = "";
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      // Rejection sampling keeps the distribution uniform (248 = 4 * 62).
      if (b < 248) out += ALPHABET[b % 62];
      if (out.length === n) break;
    }
  }
  return out;
}

/** Matches the 27-character body of an id: `<prefix>_<body>`. */
export const ID_BODY = /^[0-9A-Za-z]{27}$/;

/**
 * Issues time-sortable ids: 8 chars of milliseconds, 4 chars of a per-millisecond sequence,
 * 15 random chars. An id issued later always sorts after an earlier one, even within the
 * same millisecond or when the clock steps back (the last time is carried forward).
 */
export class IdGenerator {
  private lastMs = 0;
  private seq = 0;

  /** `now`: the emulator's clock, in ms since the epoch. */
  constructor(private readonly now: () => number) {}

  next(prefix: string): string {
    return `${prefix}_${this.nextBody()}`;
  }

  nextBody(): string {
    const now = this.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else {
      this.seq++;
      if (this.seq >= 62 ** SEQ_CHARS) {
        this.lastMs++;
        this.seq = 0;
      }
    }
    return encodeFixed(this.lastMs, TIME_CHARS) + encodeFixed(this.seq, SEQ_CHARS) + randomBase62(RANDOM_CHARS);
  }

  /** After loading persisted ids, never issue one that sorts before them. */
  observe(id: string): void {
    const body = id.slice(id.indexOf("_") + 1);
    if (!ID_BODY.test(body)) return;
    const ms = decodeFixed(body.slice(0, TIME_CHARS));
    const seq = decodeFixed(body.slice(TIME_CHARS, TIME_CHARS + SEQ_CHARS));
    if (ms > this.lastMs || (ms === this.lastMs && seq > this.seq)) {
      this.lastMs = ms;
      this.seq = seq;
    }
  }
}

/** RFC 3339 UTC with whole seconds, as the service writes timestamps. */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * mulberry32: a tiny, well-known 32-bit PRNG. The faults need a reproducible stream from a
 * seed and nothing more; Math.random cannot be seeded and a dependency for 6 lines is not worth it.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a string (FNV-1a), to derive deterministic values from ids. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Deterministic base62 text of length n derived from a seed string. */
export function derivedBase62(seed: string, n: number): string {
  const next = mulberry32(hash32(seed));
  let out = "";
  for (let i = 0; i < n; i++) out += ALPHABET[Math.floor(next() * 62)];
  return out;
}

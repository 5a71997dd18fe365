// Reading the fields of stored records, and keeping tokens: what both APIs' collections do alike.
import { createHash } from "node:crypto";
import type { Json } from "./validate";

/** A stored string field; "" when unset. */
export const str = (v: Json | undefined): string => (typeof v === "string" ? v : "");
/** A stored list of strings; [] when unset. */
export const strList = (v: Json | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** What the emulator keeps of a token it answers once (API keys, access keys): its SHA-256, in hex, by which a request's token is found again. */
export const tokenDigest = (token: string): string => createHash("sha256").update(token).digest("hex");

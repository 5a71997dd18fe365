// XXH64 for `hash.xxhash64` (https://ngrok.com/docs/traffic-policy/macros/#hash), from xxhash-wasm:
// Node's crypto has no xxHash. The WebAssembly module loads asynchronously, once; a run awaits
// `xxhashReady` before it evaluates anything, so the macro itself can stay synchronous.
import loadXxhash, { type XXHashAPI } from "xxhash-wasm";

let api: XXHashAPI | undefined;

export const xxhashReady: Promise<void> = loadXxhash().then((loaded) => {
  api = loaded;
});

/** XXH64 with seed 0. */
export function xxhash64(data: Uint8Array): bigint {
  if (api === undefined) throw new Error("hash.xxhash64 is not available yet: its module is still loading");
  return api.h64Raw(data);
}

// compress-response (https://ngrok.com/docs/traffic-policy/actions/compress-response/).
import * as zlib from "node:zlib";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { f } from "../schema";
import { setResult, strList, type ActionImpl } from "./common";

type Algorithm = "gzip" | "deflate" | "br" | "zstd";

function compressor(alg: string): ((b: Buffer) => Buffer) | undefined {
  if (alg === "gzip") return (b) => gzipSync(b);
  if (alg === "deflate") return (b) => deflateSync(b);
  if (alg === "br") return (b) => brotliCompressSync(b);
  const zstd = (zlib as unknown as { zstdCompressSync?: (b: Buffer) => Buffer }).zstdCompressSync;
  if (alg === "zstd" && zstd !== undefined) return (b) => zstd(b);
  return undefined;
}

/** The supported algorithm with the highest q-value in Accept-Encoding (RFC 9110, 12.5.3). */
function negotiate(acceptEncoding: string, allowed: readonly string[]): string | undefined {
  let best: { alg: string; q: number } | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [token, ...params] = part.trim().split(";");
    const name = token!.trim().toLowerCase();
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    const candidates = name === "*" ? allowed : allowed.includes(name) ? [name] : [];
    for (const alg of candidates) if (compressor(alg) !== undefined && (best === undefined || q > best.q)) best = { alg, q };
  }
  return best?.alg;
}

export const compressResponse: ActionImpl = {
  type: "compress-response",
  phases: ["on_http_response"],
  config: { algorithms: f("strings", { oneOf: ["br", "compress", "deflate", "gzip"], unique: true }) },
  async run(config, run) {
    const allowed = config["algorithms"] === undefined ? ["gzip", "deflate", "br", "compress"] : strList(config, "algorithms");
    const res = run.ex.response!;
    if (res.headers.has("content-encoding")) {
      setResult(run, "compress", { already_compressed: true, negotiated_algorithm: "" });
      return { kind: "continue", detail: "already compressed" };
    }
    const alg = negotiate(run.ex.request.headers.get("accept-encoding")?.join(",") ?? "", allowed);
    setResult(run, "compress", { already_compressed: false, negotiated_algorithm: alg ?? "" });
    if (alg === undefined) return { kind: "continue", detail: "no supported algorithm requested" };
    res.body = compressor(alg as Algorithm)!(res.body);
    res.headers.delete("content-length");
    res.headers.set("content-encoding", [alg]);
    res.headers.set("vary", [...(res.headers.get("vary") ?? []), "Accept-Encoding"]);
    return { kind: "continue", detail: alg };
  },
};

// request-body-find-replace and response-body-find-replace
// (https://ngrok.com/docs/traffic-policy/actions/request-body-find-replace/,
// https://ngrok.com/docs/traffic-policy/actions/response-body-find-replace/): the whole body is
// buffered and each replacement, in order, replaces every match of `from` (RE2) with `to` (`$1`
// names a group; `from` and `to` interpolate CEL); Content-Length follows the new size. A body
// sent compressed (gzip, deflate, br) is decoded, rewritten and encoded again.
import * as zlib from "node:zlib";
import { isRecord, type PhaseName } from "../policy";
import { ConfigError, setResult, str, type ActionImpl, type HttpMessage, type Run } from "./common";
import { re2, RegexError, replaceAll } from "./re2";
import { replacements } from "../schema";

const CODECS: Readonly<Record<string, { decode: (b: Buffer) => Buffer; encode: (b: Buffer) => Buffer }>> = {
  gzip: { decode: zlib.gunzipSync, encode: zlib.gzipSync },
  deflate: { decode: zlib.inflateSync, encode: zlib.deflateSync },
  br: { decode: zlib.brotliDecompressSync, encode: zlib.brotliCompressSync },
};

function findReplace(type: string, phase: PhaseName, result: string, pick: (run: Run) => Pick<HttpMessage, "headers" | "body">): ActionImpl {
  return {
    type,
    phases: [phase],
    config: { replacements: replacements(false) },
    async run(config, run) {
      const list = config["replacements"];
      if (!Array.isArray(list) || list.length === 0) throw new ConfigError(`config.replacements must be a non-empty list`);
      const msg = pick(run);
      const encoding = (msg.headers.get("content-encoding")?.[0] ?? "identity").toLowerCase();
      const codec = encoding === "identity" ? undefined : CODECS[encoding];
      if (encoding !== "identity" && codec === undefined) return { kind: "continue", detail: `a body encoded ${encoding} is left as it is` };
      let text = (codec === undefined ? msg.body : codec.decode(msg.body)).toString("utf8");
      const matched: Array<{ replacement_index: number; matched_content: string }> = [];
      for (const [i, item] of list.entries()) {
        if (!isRecord(item)) throw new ConfigError(`config.replacements[${i}] must be an object`);
        const from = run.cel.text(str(item, "from"));
        let pattern: RegExp;
        try {
          pattern = re2(from);
        } catch (err) {
          if (!(err instanceof RegexError)) throw err;
          throw new ConfigError(`config.replacements[${i}].from is not a valid regular expression (${err.message})`);
        }
        const to = run.cel.text(str(item, "to", ""));
        const { output, first } = replaceAll(pattern, text, to);
        if (first !== undefined) matched.push({ replacement_index: i, matched_content: first });
        text = output;
      }
      const body = Buffer.from(text, "utf8");
      msg.body = codec === undefined ? body : codec.encode(body);
      if (msg.headers.has("content-length")) msg.headers.set("content-length", [String(msg.body.length)]);
      setResult(run, result, { replacements: matched });
      return { kind: "continue", detail: `${matched.length} of ${list.length} replacements matched` };
    },
  };
}

export const requestBodyFindReplace = findReplace("request-body-find-replace", "on_http_request", "request_body_find_replace", (run) => run.ex.request);
export const responseBodyFindReplace = findReplace("response-body-find-replace", "on_http_response", "response_body_find_replace", (run) => run.ex.response!);

// jwt-validation (https://ngrok.com/docs/traffic-policy/actions/jwt-validation/).
import { decodeJwt, JwtError, verifyJwt, type DecodedJwt, type JsonWebKeySet } from "../jwt";
import { isRecord } from "../policy";
import { f } from "../schema";
import { message, setResult, strList, type ActionImpl, type ActionOutcome } from "./common";

function objects(v: unknown): Record<string, unknown>[] {
  if (Array.isArray(v)) return v.filter(isRecord);
  return isRecord(v) ? [v] : [];
}

export const jwtValidation: ActionImpl = {
  type: "jwt-validation",
  phases: ["on_http_request"],
  config: {
    issuer: f("object", { required: true, fields: { allow_list: f("objects", { required: true, minEntries: 1, fields: { value: f("string", { required: true }) } }) } }),
    audience: f("object", { fields: { allow_list: f("objects", { minEntries: 1, fields: { value: f("string", { required: true }) } }) } }),
    http: f("object", {
      required: true,
      fields: {
        tokens: f("objects", {
          required: true,
          minEntries: 1,
          fields: {
            type: f("string", { required: true, oneOf: ["id_token", "access_token", "at+jwt", "it+jwt", "plain", "jwt"] }),
            method: f("string", { required: true, oneOf: ["header", "body"] }),
            name: f("string", { required: true }),
            prefix: f("string"),
          },
        }),
      },
    }),
    jws: f("object", {
      required: true,
      fields: {
        allowed_algorithms: f("strings", { required: true, minEntries: 1, notAllowed: ["none"] }),
        keys: f("object", {
          required: true,
          fields: {
            sources: f("object", { required: true, fields: { additional_jkus: f("strings", { required: true }) } }),
            identification: f("objects", { fields: { token_claims: f("strings") } }),
          },
        }),
      },
    }),
  },
  async run(config, run) {
    // check.ts accepted the shape (an issuer allow_list and tokens of at least one entry, each token's method header or body).
    const issuers = objects(isRecord(config["issuer"]) ? config["issuer"]["allow_list"] : undefined).map((o) => run.cel.text(String(o["value"])));
    const audiences = objects(isRecord(config["audience"]) ? config["audience"]["allow_list"] : undefined).map((o) => run.cel.text(String(o["value"])));
    const tokensConfig = objects(isRecord(config["http"]) ? config["http"]["tokens"] : undefined);
    const jws = isRecord(config["jws"]) ? config["jws"] : {};
    const algorithms = strList(jws, "allowed_algorithms");
    const jkus = objects(jws["keys"]).flatMap((k) => objects(k["sources"]).flatMap((s) => strList(s, "additional_jkus")));
    const fail = (code: JwtError["code"], why: string, tokens: unknown[]): ActionOutcome => {
      setResult(run, "jwt_validation", { tokens, error: { code, message: why } });
      return { kind: "respond", response: message(401, { "www-authenticate": `Bearer error="${code}"` }, `Unauthorized: ${why}\n`), detail: why };
    };
    const found: Array<{ location: string; name: string; raw: string }> = [];
    for (const t of tokensConfig) {
      const method = String(t["method"]);
      const name = run.cel.text(String(t["name"]));
      const prefix = run.cel.text(String(t["prefix"] ?? ""));
      let raw: string | undefined;
      if (method === "header") raw = run.ex.request.headers.get(name.toLowerCase())?.[0];
      else {
        try {
          const parsed: unknown = JSON.parse(run.ex.request.body.toString("utf8"));
          raw = isRecord(parsed) && typeof parsed[name] === "string" ? parsed[name] : undefined;
        } catch {
          raw = new URLSearchParams(run.ex.request.body.toString("utf8")).get(name) ?? undefined;
        }
      }
      if (raw === undefined || !raw.startsWith(prefix)) return fail("invalid_request", `no token in the ${method} ${name}`, []);
      found.push({ location: method, name, raw: raw.slice(prefix.length).trim() });
    }
    const keySets: JsonWebKeySet[] = [];
    for (const url of jkus) keySets.push(await run.ctx.env.jwks(run.cel.text(url)));
    const tokens: Array<Record<string, unknown>> = [];
    for (const f of found) {
      let decoded: DecodedJwt;
      try {
        decoded = decodeJwt(f.raw);
      } catch (err) {
        return fail("invalid_token", err instanceof Error ? err.message : String(err), tokens);
      }
      const entry: Record<string, unknown> = { header: decoded.header, payload: decoded.payload, signature: decoded.signature, location: f.location, location_property: f.name, verified: false };
      tokens.push(entry);
      try {
        verifyJwt(decoded, { issuers, audiences, algorithms, keys: keySets, now: Math.floor(run.ctx.env.clock.now() / 1000) });
      } catch (err) {
        if (err instanceof JwtError) return fail(err.code, err.message, tokens);
        throw err;
      }
      entry["verified"] = true;
    }
    setResult(run, "jwt_validation", { tokens });
    return { kind: "continue", detail: "verified" };
  },
};

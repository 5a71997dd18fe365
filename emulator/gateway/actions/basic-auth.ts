// basic-auth (https://ngrok.com/docs/traffic-policy/actions/basic-auth/).
import { f } from "../schema";
import { bool, ConfigError, message, setResult, str, strList, type ActionImpl } from "./common";

export const basicAuth: ActionImpl = {
  type: "basic-auth",
  phases: ["on_http_request"],
  config: { credentials: f("strings", { required: true, maxEntries: 10, credential: true }), realm: f("string", { default: "ngrok" }), enforce: f("bool", { default: true }) },
  async run(config, run) {
    const credentials = strList(config, "credentials").map((c) => run.cel.text(c));
    if (credentials.length === 0) throw new ConfigError("config.credentials is required");
    for (const c of credentials) {
      const password = c.slice(c.indexOf(":") + 1);
      if (!c.includes(":") || password.length < 8 || password.length > 128) throw new ConfigError("each credential is username:password with a password of 8 to 128 characters");
    }
    const realm = str(config, "realm", "ngrok");
    const header = run.ex.request.headers.get("authorization")?.[0] ?? "";
    const m = /^Basic\s+(\S+)$/i.exec(header);
    const given = m === null ? undefined : Buffer.from(m[1]!, "base64").toString("utf8");
    const ok = given !== undefined && credentials.includes(given);
    // https://ngrok.com/docs/traffic-policy/actions/basic-auth/ documents `credentials.authorized`.
    setResult(run, "basic_auth", { credentials: { presented: given !== undefined, username: ok ? given!.slice(0, given!.indexOf(":")) : "", authorized: ok }, authorized: ok });
    if (ok || !bool(config, "enforce", true)) return { kind: "continue", detail: ok ? "authorized" : "unauthorized (not enforced)" };
    return { kind: "respond", response: message(401, { "www-authenticate": `Basic realm="${realm}"` }, "Unauthorized\n"), detail: "unauthorized" };
  },
};

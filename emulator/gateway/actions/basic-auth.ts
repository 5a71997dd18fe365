// basic-auth (https://ngrok.com/docs/traffic-policy/actions/basic-auth/).
import { f, valueOr, type ConfigSchema } from "../schema";
import { ConfigError, message, setResult, strList, type ActionImpl } from "./common";

const CONFIG: ConfigSchema = {
  credentials: f("strings", { required: true, maxEntries: 10, credential: true }),
  realm: f("string", { default: "ngrok" }),
  enforce: f("bool", { default: true }),
};

export const basicAuth: ActionImpl = {
  type: "basic-auth",
  phases: ["on_http_request"],
  config: CONFIG,
  async run(config, run) {
    const credentials = strList(config, "credentials").map((c) => {
      const value = run.cel.text(c);
      // check.ts checked the literal credentials; one written with ${...} is known only now.
      const password = value.slice(value.indexOf(":") + 1);
      if (c.includes("${") && (!value.includes(":") || password.length < 8 || password.length > 128)) {
        throw new ConfigError("each credential is username:password with a password of 8 to 128 characters");
      }
      return value;
    });
    const realm = valueOr<string>(config, CONFIG, "realm");
    const header = run.ex.request.headers.get("authorization")?.[0] ?? "";
    const m = /^Basic\s+(\S+)$/i.exec(header);
    const given = m === null ? undefined : Buffer.from(m[1]!, "base64").toString("utf8");
    const ok = given !== undefined && credentials.includes(given);
    // https://ngrok.com/docs/traffic-policy/actions/basic-auth/ documents `credentials.authorized`.
    setResult(run, "basic_auth", { credentials: { presented: given !== undefined, username: ok ? given!.slice(0, given!.indexOf(":")) : "", authorized: ok }, authorized: ok });
    if (ok || !valueOr<boolean>(config, CONFIG, "enforce")) return { kind: "continue", detail: ok ? "authorized" : "unauthorized (not enforced)" };
    return { kind: "respond", response: message(401, { "www-authenticate": `Basic realm="${realm}"` }, "Unauthorized\n"), detail: "unauthorized" };
  },
};

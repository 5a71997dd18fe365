import { isRecord } from "../policy";
import { replacements } from "../schema";
import { messageData, setMessageData } from "../sse";
import { ConfigError, str, type ActionImpl } from "./common";
import { re2, replaceAll } from "./re2";

/**
 * sse-find-replace (https://ngrok.com/docs/traffic-policy/actions/sse-find-replace/): each
 * replacement, in order, replaces every match of `from` (a regular expression; `$1` in `to` names
 * a group) in the message's `data` or `retry`. `field`, `from` and `to` interpolate CEL.
 */
export const sseFindReplace: ActionImpl = {
  type: "sse-find-replace",
  phases: ["on_event_stream_message"],
  config: { replacements: replacements(true) },
  async run(config, run) {
    const message = run.ex.message!;
    const list = config["replacements"];
    if (!Array.isArray(list) || list.length === 0) throw new ConfigError("config.replacements must be a non-empty list");
    let count = 0;
    for (const [i, item] of list.entries()) {
      if (!isRecord(item)) throw new ConfigError(`config.replacements[${i}] must be an object`);
      const field = run.cel.text(str(item, "field", "data"));
      if (field !== "data" && field !== "retry") throw new ConfigError(`config.replacements[${i}].field must be data or retry`);
      const from = run.cel.text(str(item, "from"));
      let pattern: RegExp;
      try {
        pattern = re2(from);
      } catch {
        throw new ConfigError(`config.replacements[${i}].from is not a regular expression`);
      }
      const to = run.cel.text(str(item, "to", ""));
      if (field === "data") {
        const data = messageData(message);
        const next = data === undefined ? undefined : replaceAll(pattern, data, to).output;
        if (next === undefined || next === data) continue;
        setMessageData(message, next);
        count++;
      } else {
        for (const line of message.lines.filter((l) => l.field === "retry")) {
          const next = replaceAll(pattern, line.value, to).output;
          if (next === line.value) continue;
          line.value = next;
          message.changed = true;
          count++;
        }
      }
    }
    return { kind: "continue", detail: `${count} replaced` };
  },
};

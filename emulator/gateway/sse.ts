// Server-Sent Events (https://html.spec.whatwg.org/multipage/server-sent-events.html): a body of
// messages separated by blank lines, each message lines of `field: value`. The on_event_stream_message
// phase runs once per message; sse-find-replace rewrites a message's `data` or `retry`.

/** One message of an event stream: its lines, in order, as fields and values (a comment's field is ""). */
export interface SseMessage {
  lines: { field: string; value: string }[];
  changed: boolean;
}

/** Whether a response is an event stream the gateway can read (not compressed). */
export function isEventStream(headers: ReadonlyMap<string, readonly string[]>): boolean {
  const type = headers.get("content-type")?.[0] ?? "";
  const encoding = headers.get("content-encoding")?.[0] ?? "identity";
  return /^text\/event-stream\b/i.test(type) && encoding === "identity";
}

/** The body cut into message blocks and the blank lines between them (kept to rebuild it unchanged). */
export function splitMessages(body: string): { block: string; separator: string }[] {
  const parts = body.split(/(\r\n\r\n|\n\n|\r\r)/);
  const out: { block: string; separator: string }[] = [];
  for (let i = 0; i < parts.length; i += 2) out.push({ block: parts[i]!, separator: parts[i + 1] ?? "" });
  return out;
}

export function parseMessage(block: string): SseMessage {
  const lines = block.split(/\r\n|\r|\n/).map((line) => {
    const colon = line.indexOf(":");
    if (colon === -1) return { field: line, value: "" };
    const value = line.slice(colon + 1);
    return { field: line.slice(0, colon), value: value.startsWith(" ") ? value.slice(1) : value };
  });
  return { lines, changed: false };
}

export function formatMessage(message: SseMessage): string {
  return message.lines.map(({ field, value }) => (field === "" ? `:${value}` : `${field}: ${value}`)).join("\n");
}

/** A message's data: its `data` lines joined by newlines, as a client receives it. */
export function messageData(message: SseMessage): string | undefined {
  const data = message.lines.filter((l) => l.field === "data");
  return data.length === 0 ? undefined : data.map((l) => l.value).join("\n");
}

/** Replaces a message's data, one `data` line per line of it, where its first `data` line was. */
export function setMessageData(message: SseMessage, data: string): void {
  const first = message.lines.findIndex((l) => l.field === "data");
  const kept = message.lines.filter((l) => l.field !== "data");
  const lines = data.split("\n").map((value) => ({ field: "data", value }));
  kept.splice(first === -1 ? kept.length : first, 0, ...lines);
  message.lines = kept;
  message.changed = true;
}

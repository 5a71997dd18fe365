/** The management API as the acceptance run and the sweeper call it: paced, authenticated, one call at a time. */
import { request } from "undici";

export interface ApiTarget {
  baseUrl: string;
  apiKey: string;
}

export interface Answer {
  status: number;
  text: string;
  // Objects of every kind: read field by field.
  json: Record<string, unknown> | undefined;
}

/** A rate as the provider's `ngrok:rateLimit` writes it, "<requests>/<seconds>": the time between two requests. */
export function intervalOf(rate: string): number {
  const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(rate);
  if (m === null) throw new Error(`the rate must be "<requests>/<seconds>", e.g. "60/60", got "${rate}"`);
  return (Number(m[2]) * 1000) / Number(m[1]);
}

export class Api {
  private next = 0;
  /** Requests made. */
  count = 0;

  constructor(
    readonly target: ApiTarget,
    private readonly intervalMs: number,
  ) {}

  async call(method: string, pathOrUrl: string, body?: unknown): Promise<Answer> {
    // Paced: one request every intervalMs, well under the account's limit.
    const wait = this.next - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.next = Date.now() + this.intervalMs;
    this.count++;
    const url = pathOrUrl.startsWith("http") ? pathOrUrl : this.target.baseUrl.replace(/\/$/, "") + pathOrUrl;
    const headers: Record<string, string> = { authorization: `Bearer ${this.target.apiKey}`, "ngrok-version": "2" };
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await request(url, { method: method as "GET", headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    let json: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = text === "" ? undefined : JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, text, json };
  }
}

/** "ERR_NGROK_123: message" of an error answer, or its status. */
export function refusal(a: Answer): string {
  const code = typeof a.json?.["error_code"] === "string" ? `${a.json["error_code"]}: ` : "";
  const msg = typeof a.json?.["msg"] === "string" ? (a.json["msg"] as string).split("\n")[0] : a.text.slice(0, 120);
  return `HTTP ${a.status} ${code}${msg}`;
}

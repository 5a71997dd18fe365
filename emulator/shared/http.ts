// The plumbing of one request, as both APIs handle it: its record, its body, the address the
// client used, its credentials, and the answer's framing. What an answer says is each API's own.
import type { IncomingMessage, ServerResponse } from "node:http";
import { isObject, type Json, type JsonObject } from "./validate";

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The query string including "?", or "" (an addition to the agreed interface). */
  query: string;
  /** Status answered; 0 when the connection was reset without an answer. */
  status: number;
  operationId: string;
  /** False when a fault dropped the request before the service handled it. */
  processed: boolean;
  /** When it arrived (ms since the epoch, on the emulator's clock). */
  at: number;
}

/** A request as both APIs' servers log it on arrival: its method, parsed URL and path without trailing slashes. */
export function arrival(req: IncomingMessage, operationId: string, at: number): { method: string; url: URL; path: string; record: RecordedRequest } {
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://emulator.invalid");
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  return { method, url, path, record: { method, path, query: url.search, status: 0, operationId, processed: false, at } };
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Drops the connection with a TCP reset, as a crashed server or a broken proxy would. */
export function resetConnection(req: IncomingMessage): void {
  req.socket.resetAndDestroy();
}

/**
 * The address the client used, which links in answers (`uri`, `next_page_uri`) start with: the
 * proxy's own `Forwarded` / `X-Forwarded-Host` / `X-Forwarded-Proto`, else the `Host` header,
 * else the emulator's listening address.
 */
export function requestBase(req: IncomingMessage, fallback: string): string {
  const first = (v: string | string[] | undefined): string | undefined => {
    const s = Array.isArray(v) ? v[0] : v;
    const t = s?.split(",")[0]?.trim();
    return t === undefined || t === "" ? undefined : t;
  };
  let host: string | undefined;
  let proto: string | undefined;
  const forwarded = first(req.headers["forwarded"]);
  if (forwarded !== undefined) {
    for (const pair of forwarded.split(";")) {
      const [k, v] = pair.split("=", 2).map((x) => x.trim());
      const value = v?.replace(/^"(.*)"$/, "$1");
      if (k?.toLowerCase() === "host" && value) host = value;
      if (k?.toLowerCase() === "proto" && value) proto = value.toLowerCase();
    }
  }
  host ??= first(req.headers["x-forwarded-host"]) ?? first(req.headers["host"]);
  proto ??= first(req.headers["x-forwarded-proto"])?.toLowerCase();
  // Only a plausible host[:port] names the address; anything else keeps the listening one.
  if (host === undefined || !/^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::[0-9]{1,5})?$/.test(host)) return fallback;
  const scheme = proto === "https" || proto === "http" ? proto : new URL(fallback).protocol.slice(0, -1);
  return `${scheme}://${host}`;
}

/** The token of `Authorization: Bearer <token>`: undefined without the header, null when it has another form. */
export function bearerToken(req: IncomingMessage): string | undefined | null {
  const header = req.headers["authorization"];
  if (header === undefined || header === "") return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null;
}

/** The media type of the request's Content-Type in lower case; undefined when it sends none. */
export function mediaType(req: IncomingMessage): string | undefined {
  const type = req.headers["content-type"];
  if (type === undefined || type.trim() === "") return undefined;
  return type.split(";")[0]!.trim().toLowerCase();
}

/** What a request body holds: nothing, text that is not JSON, JSON that is not an object, or an object. */
export type JsonBody = { kind: "empty" } | { kind: "not-json" } | { kind: "not-object" } | { kind: "object"; value: JsonObject };

export function jsonBody(raw: Buffer): JsonBody {
  const text = raw.toString("utf8");
  if (text.trim() === "") return { kind: "empty" };
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    return { kind: "not-json" };
  }
  return isObject(parsed) ? { kind: "object", value: parsed } : { kind: "not-object" };
}

/** Writes a JSON answer (none for 204) with its length; HEAD gets the headers of GET without the body. Returns the status. */
export function writeJson(res: ServerResponse, method: string, answer: { status: number; body?: Json; headers?: Record<string, string> }): number {
  const headers: Record<string, string> = { ...(answer.headers ?? {}) };
  let payload = "";
  if (answer.status !== 204 && answer.body !== undefined) {
    payload = JSON.stringify(answer.body);
    headers["content-type"] = "application/json";
  }
  headers["content-length"] = String(Buffer.byteLength(payload));
  res.writeHead(answer.status, headers);
  res.end(method === "HEAD" ? undefined : payload);
  return answer.status;
}

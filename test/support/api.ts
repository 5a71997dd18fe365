/** Talks to an in-process emulator over loopback with undici, as any API client would (tests and out-of-band changes). */
import { request } from "undici";
import type { Emulator } from "../../emulator";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // Tests read fields of arbitrary API objects: untyped on purpose.
  json: any;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Replaces the default Authorization / Ngrok-Version headers entirely. */
  bareHeaders?: boolean;
  rawBody?: string;
}

export async function call(emu: Emulator, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = options.bareHeaders
    ? {}
    : { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2" };
  Object.assign(headers, options.headers ?? {});
  let payload: string | undefined = options.rawBody;
  if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers["content-type"] = "application/json";
  // A fresh connection each time: on a loaded machine a pooled socket can be one the emulator has
  // just closed as idle, and a POST on it fails with ECONNRESET (undici does not retry a POST).
  const res = await request(emu.url + path, { method: method as "GET", headers, body: payload, reset: true });
  const text = await res.body.text();
  let json: unknown = undefined;
  try {
    if (text !== "") json = JSON.parse(text);
  } catch {
    // Not JSON: tests that care read `text`.
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** The same to the emulator's AI Gateway API: its own base URL and ngrok.ai API key, no version header. */
export async function aiCall(emu: Emulator, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${emu.aiGatewayApi.apiKey}` };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers["content-type"] = "application/json";
  const res = await request(emu.aiGatewayApi.url + path, { method: method as "GET", headers, body: payload, reset: true });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: text === "" ? undefined : JSON.parse(text) };
}

export const OPERATION_ID = /^op_[0-9A-Za-z]{27}$/;

/** An id that has the right prefix and form but names nothing. */
export const missingId = (prefix: string): string => `${prefix}_${"0".repeat(27)}`;

/** Asserts the real service's error body and returns it. */
export function expectError(a: Answer, status: number, code: string | undefined): { msg: string } {
  expect({ status: a.status, code: a.json?.error_code }).toEqual({ status, code });
  expect(a.json.status_code).toBe(status);
  expect(typeof a.json.msg).toBe("string");
  expect(a.json.details.operation_id).toMatch(OPERATION_ID);
  expect(a.json.details.operation_id).toBe(a.headers["ngrok-operation-id"]);
  if (code === undefined) expect("error_code" in a.json).toBe(false);
  return a.json as { msg: string };
}

/** A valid ed25519 OpenSSH public key line (the blob names its own type). */
export function sshEd25519(comment = "test@host"): string {
  const type = Buffer.from("ssh-ed25519");
  const key = Buffer.alloc(32, 7);
  const len = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const blob = Buffer.concat([len(type.length), type, len(key.length), key]);
  return `ssh-ed25519 ${blob.toString("base64")} ${comment}`;
}

export { selfSignedPem as selfSigned } from "./certs";

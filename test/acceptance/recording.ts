/**
 * Recorded exchanges with the API (`make acceptance RECORD=1`), redacted to their shape, and their
 * replay against the emulator. A recording is what one stack's run sent and what the API answered,
 * in order. Redaction keeps what the replay compares (status, error code, which fields an answer
 * has and their JSON types) and drops what is the account's: ids become numbered placeholders that
 * keep their prefix (`vault_{{id7}}`, the same id the same number throughout, so a replay can send
 * the emulator's id where the API's was), the base URL becomes `{{base}}`, tokens and secret values
 * become `{{redacted}}`, the secret inputs a request sent become `x`s of their length (a private
 * key, `{{private key}}`: the replay makes a fresh certificate and key). Authorization is never
 * recorded.
 */
import { makeCertificate } from "../support/certs";
import { Api } from "./api";

/** One line that test/acceptance/preload.js writes. */
export interface RawExchange {
  method: string;
  path: string;
  requestBody: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  error?: string;
}

export interface Exchange {
  method: string;
  path: string;
  request?: unknown;
  status: number;
  /** The headers that matter: content type, the operation id's shape, rate-limit answers. */
  headers: Record<string, string>;
  body?: unknown;
}

export interface Recording {
  /** Which API the exchanges were with: absent for the management API. */
  api?: "ai-gateway";
  /** What made it: "make acceptance RECORD=1", the door, and the API's origin with its host only. */
  source: string;
  exchanges: Exchange[];
}

const KEPT_HEADERS = ["content-type", "ngrok-operation-id", "retry-after"];
const ID = /^([a-z]+)_([0-9A-Za-z]{20,40})$/;
const ID_IN_TEXT = /\b([a-z]+)_([0-9A-Za-z]{20,40})\b/g;
/** Fields whose string values are secrets, wherever they appear. */
const SECRET_FIELD = /^(?:token|value|secret|password|private_key|private_key_pem|credentials|api_key)$|_(?:token|secret|password)$/i;

/** Redacts recorded exchanges; ids numbered across the whole recording. */
export class Redactor {
  private readonly ids = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  private id(prefix: string, whole: string): string {
    let n = this.ids.get(whole);
    if (n === undefined) {
      n = `${prefix}_{{id${this.ids.size + 1}}}`;
      this.ids.set(whole, n);
    }
    return n;
  }

  text(s: string): string {
    const base = this.baseUrl.replace(/\/$/, "");
    return s.split(base).join("{{base}}").replace(ID_IN_TEXT, (whole, prefix: string) => this.id(prefix, whole));
  }

  value(v: unknown, key: string, inRequest: boolean): unknown {
    if (typeof v === "string") {
      if (SECRET_FIELD.test(key) && !ID.test(v)) {
        if (!inRequest) return "{{redacted}}";
        return /PRIVATE KEY/.test(v) ? "{{private key}}" : "x".repeat(v.length);
      }
      return this.text(v);
    }
    if (Array.isArray(v)) return v.map((x) => this.value(x, key, inRequest));
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.value(x, k, inRequest)]));
    return v;
  }

  exchange(raw: RawExchange): Exchange {
    const parse = (s: string): unknown => {
      if (s === "") return undefined;
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return s;
      }
    };
    const headers: Record<string, string> = {};
    for (const h of KEPT_HEADERS) if (raw.headers[h] !== undefined) headers[h] = h === "ngrok-operation-id" ? "op_{{redacted}}" : raw.headers[h]!;
    const request = parse(raw.requestBody);
    const body = parse(raw.body);
    return {
      method: raw.method,
      path: this.text(raw.path),
      ...(request === undefined ? {} : { request: this.value(request, "", true) }),
      status: raw.status,
      headers,
      ...(body === undefined ? {} : { body: this.value(body, "", false) }),
    };
  }
}

/** What a recording is made of: the exchanges that got an answer (a dropped connection has none to compare). */
export function redact(raws: RawExchange[], baseUrl: string, source: string): Recording {
  const r = new Redactor(baseUrl);
  return { source, exchanges: raws.filter((x) => x.status > 0 && x.error === undefined).map((x) => r.exchange(x)) };
}

// ---- replay ----

type Shape = Record<string, string>;

const typeOf = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** Every field path of a JSON value with its type; the elements of an array merge under `[]`. */
export function shape(v: unknown, at = "", out: Shape = {}): Shape {
  if (at !== "") out[at] = out[at] === undefined || out[at] === typeOf(v) ? typeOf(v) : `${out[at]}|${typeOf(v)}`;
  if (Array.isArray(v)) for (const x of v) shape(x, `${at}[]`, out);
  else if (typeof v === "object" && v !== null) for (const [k, x] of Object.entries(v)) shape(x, at === "" ? k : `${at}.${k}`, out);
  return out;
}

const errorCode = (body: unknown): string | undefined =>
  typeof body === "object" && body !== null && typeof (body as Record<string, unknown>)["error_code"] === "string" ? ((body as Record<string, unknown>)["error_code"] as string) : undefined;

/** Differences between what was recorded and what the emulator answered, one line each. */
export function compare(recorded: Exchange, answered: { status: number; body: unknown }): string[] {
  const out: string[] = [];
  if (recorded.status !== answered.status) out.push(`status ${recorded.status} recorded, ${answered.status} from the emulator`);
  const rc = errorCode(recorded.body);
  const ac = errorCode(answered.body);
  if (rc !== ac) out.push(`error code ${rc ?? "none"} recorded, ${ac ?? "none"} from the emulator`);
  if (out.length > 0) return out;
  const rs = shape(recorded.body);
  const as = shape(answered.body);
  // An array's elements are compared only where both answers have some: the account's other objects are not the emulator's.
  const bothHave = (p: string): boolean => {
    const parts = p.split("[]");
    for (let i = 1; i < parts.length; i++) {
      const arr = parts.slice(0, i).join("[]");
      if (rs[`${arr}[]`] === undefined || as[`${arr}[]`] === undefined) return false;
    }
    return true;
  };
  for (const p of Object.keys(rs)) {
    if (!bothHave(p)) continue;
    if (as[p] === undefined) out.push(`field ${p} recorded, absent from the emulator`);
    else if (as[p] !== rs[p]) out.push(`field ${p}: ${rs[p]} recorded, ${as[p]} from the emulator`);
  }
  for (const p of Object.keys(as)) if (bothHave(p) && rs[p] === undefined) out.push(`field ${p} from the emulator, absent from the recording`);
  return out;
}

const PLACEHOLDER = /([a-z]+_)?\{\{(id\d+|base)\}\}/g;

/** The recorded value with the placeholders bound so far replaced by the emulator's values. */
function bind(v: unknown, bound: Map<string, string>): unknown {
  if (typeof v === "string") return v.replace(PLACEHOLDER, (whole: string) => bound.get(whole) ?? whole);
  if (Array.isArray(v)) return v.map((x) => bind(x, bound));
  if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, bind(x, bound)]));
  return v;
}

/** Learns the emulator's ids where the recording has placeholders at the same place. */
function learn(recorded: unknown, actual: unknown, bound: Map<string, string>): void {
  if (typeof recorded === "string" && typeof actual === "string") {
    const m = /^([a-z]+_\{\{id\d+\}\})$/.exec(recorded);
    if (m && !bound.has(m[1]!)) bound.set(m[1]!, actual);
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(actual)) {
    // Lists: an element is matched by the placeholder of its id where the emulator's has the same bound id, else by position.
    recorded.forEach((x, i) => learn(x, actual[i], bound));
    return;
  }
  if (typeof recorded === "object" && recorded !== null && typeof actual === "object" && actual !== null) {
    for (const [k, x] of Object.entries(recorded)) learn(x, (actual as Record<string, unknown>)[k], bound);
  }
}

/** A request body as the replay sends it: placeholders bound, a redacted private key replaced by a fresh pair. */
async function requestOf(ex: Exchange, bound: Map<string, string>): Promise<unknown> {
  const body = bind(ex.request, bound);
  if (typeof body === "object" && body !== null && (body as Record<string, unknown>)["private_key_pem"] === "{{private key}}") {
    const pair = await makeCertificate({ name: "CN=replay.example.com", dnsNames: ["replay.example.com"] });
    return { ...(body as Record<string, unknown>), certificate_pem: pair.certificatePem, private_key_pem: pair.privateKeyPem };
  }
  return body;
}

export interface ReplayDifference {
  /** 1-based position of the exchange in the recording. */
  index: number;
  exchange: string;
  difference: string;
}

/**
 * Sends every exchange of a recording to the API behind `api` (an emulator of its own) in order and
 * compares each answer with the recorded one. 429s are left out: the client repeated them.
 */
export async function replay(recording: Recording, api: Api): Promise<{ replayed: number; differences: ReplayDifference[] }> {
  const bound = new Map<string, string>([["{{base}}", api.target.baseUrl.replace(/\/$/, "")]]);
  const differences: ReplayDifference[] = [];
  let replayed = 0;
  for (const [i, ex] of recording.exchanges.entries()) {
    if (ex.status === 429) continue;
    const path = bind(ex.path, bound) as string;
    const a = await api.call(ex.method, path, ex.request === undefined ? undefined : await requestOf(ex, bound));
    replayed++;
    let body: unknown = a.json ?? (a.text === "" ? undefined : a.text);
    if (a.json === undefined && a.text !== "") {
      try {
        body = JSON.parse(a.text) as unknown;
      } catch {
        body = a.text;
      }
    }
    learn(ex.body, body, bound);
    for (const d of compare(ex, { status: a.status, body })) differences.push({ index: i + 1, exchange: `${ex.method} ${ex.path}`, difference: d });
  }
  return { replayed, differences };
}

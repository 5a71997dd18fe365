// Webhook signature schemes of the verify-webhook action
// (https://ngrok.com/docs/traffic-policy/actions/verify-webhook/), as each provider documents
// its own signing: the header, the signed bytes, the MAC and its encoding, the timestamp window.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export interface WebhookRequest {
  /** The URL the provider called (scheme, host, path and query), as some schemes sign it. */
  url: string;
  headers: ReadonlyMap<string, readonly string[]>;
  body: Buffer;
  contentType: string;
}

type Verifier = (req: WebhookRequest, secret: string, nowSeconds: number) => string | undefined;

const FIVE_MINUTES = 300;

function header(req: WebhookRequest, name: string): string | undefined {
  return req.headers.get(name)?.[0];
}

function hmac(alg: "sha1" | "sha256", key: string | Buffer, ...parts: Array<string | Buffer>): Buffer {
  const mac = createHmac(alg, key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

function same(expected: Buffer, given: string | undefined, encoding: "hex" | "base64"): boolean {
  if (given === undefined) return false;
  const got = Buffer.from(given.trim(), encoding);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

function withinWindow(ts: string | undefined, now: number, window = FIVE_MINUTES): string | undefined {
  if (ts === undefined || !/^\d+$/.test(ts)) return "the signature timestamp is missing";
  if (Math.abs(now - Number(ts)) > window) return "the signature timestamp is outside the allowed window";
  return undefined;
}

/** `<header>: <prefix><hex HMAC of the body>` (GitHub, Bitbucket, Intercom, Linear). */
function hexBody(name: string, alg: "sha1" | "sha256", prefix = ""): Verifier {
  return (req, secret) => {
    const value = header(req, name);
    if (value === undefined) return `the ${name} header is missing`;
    if (!value.startsWith(prefix)) return `the ${name} header is malformed`;
    return same(hmac(alg, secret, req.body), value.slice(prefix.length), "hex") ? undefined : "the signature does not match";
  };
}

function twilio(req: WebhookRequest, secret: string): string | undefined {
  const signature = header(req, "x-twilio-signature");
  if (signature === undefined) return "the x-twilio-signature header is missing";
  // Form posts sign the URL followed by every parameter, sorted by name, name then value;
  // other bodies sign the URL only, and carry the body's SHA-256 in its bodySHA256 parameter.
  let signed = req.url;
  if (req.contentType.startsWith("application/x-www-form-urlencoded")) {
    const params = [...new URLSearchParams(req.body.toString("utf8")).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    signed += params.map(([k, v]) => k + v).join("");
  } else {
    const bodySha = new URL(req.url).searchParams.get("bodySHA256");
    if (bodySha !== null && createHash("sha256").update(req.body).digest("hex") !== bodySha) return "the body does not match bodySHA256";
  }
  return same(hmac("sha1", secret, signed), signature, "base64") ? undefined : "the signature does not match";
}

function stripe(req: WebhookRequest, secret: string, now: number): string | undefined {
  const value = header(req, "stripe-signature");
  if (value === undefined) return "the stripe-signature header is missing";
  const fields = value.split(",").map((kv) => kv.split("=") as [string, string | undefined]);
  const t = fields.find(([k]) => k === "t")?.[1];
  const late = withinWindow(t, now);
  if (late !== undefined) return late;
  const expected = hmac("sha256", secret, `${t}.`, req.body);
  return fields.some(([k, v]) => k === "v1" && same(expected, v, "hex")) ? undefined : "the signature does not match";
}

function slack(req: WebhookRequest, secret: string, now: number): string | undefined {
  const ts = header(req, "x-slack-request-timestamp");
  const late = withinWindow(ts, now);
  if (late !== undefined) return late;
  const value = header(req, "x-slack-signature");
  if (value === undefined || !value.startsWith("v0=")) return "the x-slack-signature header is missing or malformed";
  return same(hmac("sha256", secret, `v0:${ts}:`, req.body), value.slice(3), "hex") ? undefined : "the signature does not match";
}

/** Svix (and Clerk, which sends through Svix): `whsec_<base64 key>`, signing `<id>.<timestamp>.<body>`. */
function svix(req: WebhookRequest, secret: string, now: number): string | undefined {
  const id = header(req, "svix-id");
  const ts = header(req, "svix-timestamp");
  const sigs = header(req, "svix-signature");
  if (id === undefined || sigs === undefined) return "the svix-id or svix-signature header is missing";
  const late = withinWindow(ts, now);
  if (late !== undefined) return late;
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  const expected = hmac("sha256", key, `${id}.${ts}.`, req.body);
  return sigs.split(" ").some((s) => s.startsWith("v1,") && same(expected, s.slice(3), "base64")) ? undefined : "the signature does not match";
}

function shopify(req: WebhookRequest, secret: string): string | undefined {
  const value = header(req, "x-shopify-hmac-sha256");
  if (value === undefined) return "the x-shopify-hmac-sha256 header is missing";
  return same(hmac("sha256", secret, req.body), value, "base64") ? undefined : "the signature does not match";
}

function gitlab(req: WebhookRequest, secret: string): string | undefined {
  const value = header(req, "x-gitlab-token");
  if (value === undefined) return "the x-gitlab-token header is missing";
  const a = Buffer.from(value);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b) ? undefined : "the token does not match";
}

function zendesk(req: WebhookRequest, secret: string): string | undefined {
  const ts = header(req, "x-zendesk-webhook-signature-timestamp");
  const value = header(req, "x-zendesk-webhook-signature");
  if (ts === undefined || value === undefined) return "the x-zendesk-webhook-signature headers are missing";
  return same(hmac("sha256", secret, ts, req.body), value, "base64") ? undefined : "the signature does not match";
}

function square(req: WebhookRequest, secret: string): string | undefined {
  const value = header(req, "x-square-hmacsha256-signature");
  if (value === undefined) return "the x-square-hmacsha256-signature header is missing";
  return same(hmac("sha256", secret, req.url, req.body), value, "base64") ? undefined : "the signature does not match";
}

const VERIFIERS: Readonly<Record<string, Verifier>> = {
  github: hexBody("x-hub-signature-256", "sha256", "sha256="),
  bitbucket: hexBody("x-hub-signature", "sha256", "sha256="),
  intercom: hexBody("x-hub-signature", "sha1", "sha1="),
  linear: hexBody("linear-signature", "sha256"),
  stripe,
  slack,
  twilio,
  svix,
  clerk: svix,
  shopify,
  gitlab,
  zendesk,
  square,
};

/** The providers whose signatures the emulator checks. */
export const WEBHOOK_PROVIDERS: readonly string[] = Object.keys(VERIFIERS);

/** undefined when verified; otherwise why not (never quoting the secret or the signature). */
export function verifyWebhook(provider: string, req: WebhookRequest, secret: string, nowSeconds: number): string | undefined {
  const verifier = VERIFIERS[provider];
  if (verifier === undefined) throw new Error(`provider '${provider}' is not one the emulator verifies (${WEBHOOK_PROVIDERS.join(", ")})`);
  return verifier(req, secret, nowSeconds);
}

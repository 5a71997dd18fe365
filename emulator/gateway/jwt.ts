// JWS verification for the jwt-validation action (https://ngrok.com/docs/traffic-policy/actions/jwt-validation/)
// with node:crypto: a JWK becomes a KeyObject, and the signature is checked for the JOSE
// algorithms of RFC 7518 (HS*, RS*, PS*, ES*, EdDSA).
import { constants, createHmac, createPublicKey, timingSafeEqual, verify as cryptoVerify, type JsonWebKey, type KeyObject } from "node:crypto";

export interface JsonWebKeySet {
  keys: Array<JsonWebKey & { kid?: string; alg?: string; use?: string }>;
}

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
  signingInput: string;
}

export class JwtError extends Error {
  constructor(
    readonly code: "invalid_request" | "invalid_token",
    message: string,
  ) {
    super(message);
  }
}

function b64url(part: string): Buffer {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new JwtError("invalid_token", "the token is not base64url encoded");
  return Buffer.from(part, "base64url");
}

export function decodeJwt(token: string): DecodedJwt {
  const parts = token.split(".");
  if (parts.length !== 3) throw new JwtError("invalid_token", "the token is not a JWS in compact form");
  const json = (part: string, what: string): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(b64url(part).toString("utf8"));
      if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error();
      return v as Record<string, unknown>;
    } catch {
      throw new JwtError("invalid_token", `the token's ${what} is not a JSON object`);
    }
  };
  return { header: json(parts[0]!, "header"), payload: json(parts[1]!, "payload"), signature: parts[2]!, signingInput: `${parts[0]}.${parts[1]}` };
}

const HASH: Record<string, string> = { "256": "sha256", "384": "sha384", "512": "sha512" };

function verifyWith(alg: string, jwk: JsonWebKey, input: Buffer, sig: Buffer): boolean {
  const family = alg.slice(0, 2);
  const hash = HASH[alg.slice(2)];
  if (family === "HS" && hash !== undefined) {
    if (jwk.kty !== "oct" || typeof jwk.k !== "string") return false;
    const mac = createHmac(hash, Buffer.from(jwk.k, "base64url")).update(input).digest();
    return mac.length === sig.length && timingSafeEqual(mac, sig);
  }
  let key: KeyObject;
  try {
    key = createPublicKey({ key: jwk, format: "jwk" });
  } catch {
    return false;
  }
  if (alg === "EdDSA") return key.asymmetricKeyType === "ed25519" || key.asymmetricKeyType === "ed448" ? cryptoVerify(null, input, key, sig) : false;
  if (hash === undefined) return false;
  if (family === "RS" && key.asymmetricKeyType === "rsa") return cryptoVerify(hash, input, key, sig);
  if (family === "PS" && (key.asymmetricKeyType === "rsa" || key.asymmetricKeyType === "rsa-pss")) {
    return cryptoVerify(hash, input, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, sig);
  }
  if (family === "ES" && key.asymmetricKeyType === "ec") return cryptoVerify(hash, input, { key, dsaEncoding: "ieee-p1363" }, sig);
  return false;
}

export interface JwtRules {
  issuers: readonly string[];
  audiences: readonly string[];
  algorithms: readonly string[];
  keys: readonly JsonWebKeySet[];
  /** Seconds since the epoch. */
  now: number;
}

/** Verifies signature and claims; throws a JwtError saying what failed (never the token itself). */
export function verifyJwt(token: DecodedJwt, rules: JwtRules): void {
  const alg = token.header["alg"];
  if (typeof alg !== "string" || alg === "none") throw new JwtError("invalid_token", "the token has no signing algorithm");
  if (!rules.algorithms.includes(alg)) throw new JwtError("invalid_token", `the token's algorithm ${alg} is not allowed`);
  const kid = token.header["kid"];
  const candidates = rules.keys
    .flatMap((set) => set.keys)
    .filter((k) => (typeof kid === "string" ? k.kid === kid : true) && (k.alg === undefined || k.alg === alg) && (k.use === undefined || k.use === "sig"));
  const input = Buffer.from(token.signingInput, "ascii");
  const sig = b64url(token.signature);
  if (!candidates.some((jwk) => verifyWith(alg, jwk, input, sig))) {
    throw new JwtError("invalid_token", candidates.length === 0 ? "no key of the key sets matches the token" : "the token's signature is not valid");
  }
  const p = token.payload;
  if (typeof p["iss"] !== "string" || !rules.issuers.includes(p["iss"])) throw new JwtError("invalid_token", "the token's issuer is not allowed");
  if (rules.audiences.length > 0) {
    const aud = typeof p["aud"] === "string" ? [p["aud"]] : Array.isArray(p["aud"]) ? p["aud"] : [];
    if (!aud.some((a) => typeof a === "string" && rules.audiences.includes(a))) throw new JwtError("invalid_token", "the token's audience is not allowed");
  }
  if (typeof p["exp"] === "number" && rules.now >= p["exp"]) throw new JwtError("invalid_token", "the token has expired");
  if (typeof p["nbf"] === "number" && rules.now < p["nbf"]) throw new JwtError("invalid_token", "the token is not valid yet");
}

/** The key set at a JWKS URL, over HTTP. */
export async function fetchJwks(url: string): Promise<JsonWebKeySet> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`the JWKS at ${url} answered ${res.status}`);
  const body = (await res.json()) as JsonWebKeySet;
  if (!Array.isArray(body.keys)) throw new Error(`the document at ${url} is not a JWKS`);
  return body;
}

/** Keys, tokens and HTTP requests for the gateway tests. */
import { createPrivateKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { JsonWebKeySet } from "../../../emulator";

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  jwks: JsonWebKeySet;
}

/** An RSA key for RS256 and its public JWKS. */
export function rsaKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = publicKey.export({ format: "jwk" }) as JsonWebKey;
  return { kid, privateKey, jwks: { keys: [{ ...jwk, kid, alg: "RS256", use: "sig" }] } };
}

/** An EC P-256 key for ES256 and its public JWKS. */
export function ecKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" }) as JsonWebKey;
  return { kid, privateKey: createPrivateKey(privateKey.export({ format: "pem", type: "pkcs8" })), jwks: { keys: [{ ...jwk, kid, alg: "ES256" }] } };
}

const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString("base64url");

/** A compact JWS signed with `key` (RS256 or ES256 by the key's type). */
export function signJwt(key: SigningKey, payload: Record<string, unknown>, header: Record<string, unknown> = {}): string {
  const alg = key.privateKey.asymmetricKeyType === "ec" ? "ES256" : "RS256";
  const input = `${b64({ alg, typ: "JWT", kid: key.kid, ...header })}.${b64(payload)}`;
  const sig = sign("sha256", Buffer.from(input), alg === "ES256" ? { key: key.privateKey, dsaEncoding: "ieee-p1363" } : key.privateKey);
  return `${input}.${sig.toString("base64url")}`;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request to the gateway with its own Host header (fetch does not let a caller set Host). */
export function send(gatewayUrl: string, host: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpAnswer> {
  const base = new URL(gatewayUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, path, method: options.method ?? "GET", headers: { host, ...(options.headers ?? {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

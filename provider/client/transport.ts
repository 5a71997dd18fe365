/**
 * Failures below HTTP, from the error codes of undici and Node.js to words: what went wrong, and
 * whether the request can have reached the service. One table, so that retries (retry.ts), the
 * client's messages (errors.ts) and its debug log say the same thing, and no message carries a
 * library's code name.
 */

/** What kind of failure a code is; a message names it in words. */
export type TransportKind =
  | "refused"
  | "dns"
  | "unreachable"
  | "connect-timeout"
  | "certificate"
  | "handshake"
  | "tls"
  | "dropped"
  | "timeout"
  | "body-timeout"
  | "aborted"
  | "unknown";

interface KindFacts {
  /** False when the request certainly never reached the service. */
  mayHaveArrived: boolean;
  /** Worth another attempt (when the method allows it). */
  transient: boolean;
}

const kinds: Record<TransportKind, KindFacts> = {
  refused: { mayHaveArrived: false, transient: true },
  dns: { mayHaveArrived: false, transient: true },
  unreachable: { mayHaveArrived: false, transient: true },
  "connect-timeout": { mayHaveArrived: false, transient: true },
  // A certificate is checked before anything is sent, and a retry meets the same certificate.
  certificate: { mayHaveArrived: false, transient: false },
  // The handshake failed (a plain-HTTP server, no common TLS version): nothing was sent.
  handshake: { mayHaveArrived: false, transient: false },
  // Other TLS failures may come once the connection carries the request.
  tls: { mayHaveArrived: true, transient: false },
  dropped: { mayHaveArrived: true, transient: true },
  timeout: { mayHaveArrived: true, transient: true },
  "body-timeout": { mayHaveArrived: true, transient: true },
  aborted: { mayHaveArrived: true, transient: true },
  unknown: { mayHaveArrived: true, transient: false },
};

/** Codes of Node.js (errno, OpenSSL) and undici, by kind. */
const codes: Record<string, TransportKind> = {
  ECONNREFUSED: "refused",
  ENOTFOUND: "dns",
  EAI_AGAIN: "dns",
  EAI_FAIL: "dns",
  EAI_NONAME: "dns",
  EAI_NODATA: "dns",
  EHOSTUNREACH: "unreachable",
  ENETUNREACH: "unreachable",
  UND_ERR_CONNECT_TIMEOUT: "connect-timeout",
  ECONNRESET: "dropped",
  EPIPE: "dropped",
  ECONNABORTED: "dropped",
  UND_ERR_SOCKET: "dropped",
  UND_ERR_CLOSED: "dropped",
  ETIMEDOUT: "timeout",
  UND_ERR_HEADERS_TIMEOUT: "timeout",
  UND_ERR_BODY_TIMEOUT: "body-timeout",
  UND_ERR_ABORTED: "aborted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "certificate",
  UNABLE_TO_GET_ISSUER_CERT: "certificate",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "certificate",
  DEPTH_ZERO_SELF_SIGNED_CERT: "certificate",
  SELF_SIGNED_CERT_IN_CHAIN: "certificate",
  CERT_HAS_EXPIRED: "certificate",
  CERT_NOT_YET_VALID: "certificate",
  CERT_REVOKED: "certificate",
  CERT_UNTRUSTED: "certificate",
  CERT_REJECTED: "certificate",
  CERT_SIGNATURE_FAILURE: "certificate",
  HOSTNAME_MISMATCH: "certificate",
  ERR_TLS_CERT_ALTNAME_INVALID: "certificate",
  ERR_SSL_WRONG_VERSION_NUMBER: "handshake",
  ERR_SSL_PACKET_LENGTH_TOO_LONG: "handshake",
  ERR_SSL_UNSUPPORTED_PROTOCOL: "handshake",
  ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE: "handshake",
  ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION: "handshake",
  EPROTO: "tls",
};

/** The code of an error undici raised (its own, or its cause's); "UNKNOWN" when it has none. */
export function transportCode(err: unknown): string {
  if (err && typeof err === "object") {
    const e = err as { code?: unknown; cause?: { code?: unknown } };
    if (typeof e.code === "string") return e.code;
    if (e.cause && typeof e.cause.code === "string") return e.cause.code;
  }
  return "UNKNOWN";
}

export function transportKind(code: string): TransportKind {
  // A plain-HTTP server answering a TLS handshake, and the other handshake failures of OpenSSL.
  return codes[code] ?? (code.startsWith("ERR_SSL_") || code.startsWith("ERR_TLS_") ? "tls" : "unknown");
}

/** Whether a request that failed so certainly never reached the service. */
export function certainlyNotSent(code: string): boolean {
  return !kinds[transportKind(code)].mayHaveArrived;
}

/** Transport failures worth another attempt (when the method allows it). */
export function isTransient(code: string): boolean {
  return kinds[transportKind(code)].transient;
}

/** What went wrong, as a person would say it: `host` is the API's, `timeoutMs` the time allowed an attempt. */
export function whatFailed(kind: TransportKind, host: string, timeoutMs: number): string {
  const seconds = `${Math.round(timeoutMs / 100) / 10} s`;
  switch (kind) {
    case "refused":
      return `the connection to ${host} was refused (nothing is listening there)`;
    case "dns":
      return `the name ${host} could not be looked up (DNS)`;
    case "unreachable":
      return `the network has no route to ${host}`;
    case "connect-timeout":
      return `connecting to ${host} timed out`;
    case "certificate":
      return `the secure connection to ${host} failed: its TLS certificate is not trusted (expired, self-signed, or issued for another name)`;
    case "handshake":
      return `the secure connection to ${host} could not be set up (the server does not speak TLS, or shares no TLS version with this client)`;
    case "tls":
      return `the secure connection (TLS) to ${host} failed`;
    case "dropped":
      return `the connection to ${host} was dropped before an answer came`;
    case "timeout":
      return `no answer came from ${host} within ${seconds}`;
    case "body-timeout":
      return `the answer from ${host} stopped arriving for ${seconds}`;
    case "aborted":
      return `the request to ${host} was aborted`;
    case "unknown":
      return `the connection to ${host} failed`;
  }
}

/**
 * What became of the request and what the next `pulumi up` does: `attempts` is how many times
 * it was tried; `repeatable` whether repeating it is harmless (all but a create).
 */
export function requestFate(mayHaveArrived: boolean, attempts: number, repeatable: boolean): string {
  const times = attempts > 1 ? ` (tried ${attempts} times)` : "";
  if (!mayHaveArrived) return `the request was not sent${times}, so the service did nothing; the next \`pulumi up\` sends it again`;
  if (repeatable) {
    return `the request was sent${attempts > 1 ? ` ${attempts} times` : ""} and the service may have processed it; repeating it is harmless, and the next \`pulumi up\` sends it again`;
  }
  return "the request was sent and the service may have processed it; it was not repeated, since a repeat could make a duplicate";
}

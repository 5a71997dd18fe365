// terminate-tls (https://ngrok.com/docs/traffic-policy/actions/terminate-tls/), in on_tcp_connect:
// the TLS versions the endpoint accepts, a custom certificate, and mutual TLS (trusted CAs as PEM
// or certificate authority ids, and a verification strategy). On the gateway's TLS listener the
// handshake that follows uses this config (a client outside it fails the handshake); when the
// handshake's facts are known already (a request given to testPolicy with `tls`), the action
// checks them as the handshake would and closes the connection when it would have failed.
import { f } from "../schema";
import { createPrivateKey, X509Certificate } from "node:crypto";
import { issuedByOneOf, splitPem, tlsVariables } from "../tls";
import { ConfigError, setResult, str, strList, type ActionImpl, type Run, type TlsTermination } from "./common";

const VERSIONS = ["1.2", "1.3"] as const;
const STRATEGIES = ["require-and-verify", "require-any", "request"] as const;

function version(config: Record<string, unknown>, key: string, fallback: "1.2" | "1.3"): "1.2" | "1.3" {
  const v = config[key] ?? fallback;
  const text = typeof v === "number" ? v.toFixed(1) : v;
  if (!VERSIONS.includes(text as "1.2")) throw new ConfigError(`config.${key} must be "1.2" or "1.3"`);
  return text as "1.2" | "1.3";
}

function termination(config: Record<string, unknown>, run: Run): TlsTermination {
  const minVersion = version(config, "min_version", "1.2");
  const maxVersion = version(config, "max_version", "1.3");
  if (minVersion > maxVersion) throw new ConfigError("config.min_version must not be above config.max_version");
  const key = config["server_private_key"] === undefined ? undefined : run.cel.text(str(config, "server_private_key"));
  const cert = config["server_certificate"] === undefined ? undefined : run.cel.text(str(config, "server_certificate"));
  if ((key === undefined) !== (cert === undefined)) throw new ConfigError("config.server_private_key and config.server_certificate go together");
  if (key !== undefined && cert !== undefined) {
    try {
      const x = new X509Certificate(cert);
      if (!x.checkPrivateKey(createPrivateKey(key))) throw new Error("the key is not the certificate's");
    } catch (err) {
      throw new ConfigError(`ERR_NGROK_14001: Got an invalid TLS key/cert pair for TLS termination: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const cas = strList(config, "mutual_tls_certificate_authorities").flatMap((entry) => {
    const value = run.cel.text(entry);
    if (/^ca_\w+$/.test(value)) {
      const pem = run.ctx.env.certificateAuthority?.(value);
      if (pem === undefined) throw new ConfigError(`certificate authority ${value} does not exist`);
      return splitPem(pem);
    }
    const pems = splitPem(value);
    if (pems.length === 0) throw new ConfigError("ERR_NGROK_14002: The PEM data provided for mutual TLS could not be parsed as a certificate");
    return pems;
  });
  const strategy = str(config, "mutual_tls_verification_strategy", "require-and-verify");
  if (!STRATEGIES.includes(strategy as "request")) throw new ConfigError(`config.mutual_tls_verification_strategy must be one of ${STRATEGIES.join(", ")}`);
  return { minVersion, maxVersion, ...(key !== undefined && cert !== undefined ? { server: { key, cert } } : {}), mutualTlsCas: cas, strategy: strategy as TlsTermination["strategy"] };
}

/** Why a handshake with these facts fails under `t`, or undefined when it succeeds. */
export function handshakeFailure(t: TlsTermination, facts: { version?: string; clientCertificate?: string }, now: number): string | undefined {
  // A version the facts do not give is taken as one the endpoint accepts.
  if (facts.version !== undefined && (facts.version < t.minVersion || facts.version > t.maxVersion)) return `TLS ${facts.version} is outside ${t.minVersion} to ${t.maxVersion} (alert protocol version)`;
  if (t.mutualTlsCas.length === 0 || t.strategy === "request") return undefined;
  if (facts.clientCertificate === undefined) return "the client presented no certificate";
  if (t.strategy === "require-and-verify" && !issuedByOneOf(facts.clientCertificate, t.mutualTlsCas, now)) return "the client's certificate was not issued by a trusted certificate authority";
  return undefined;
}

export const terminateTls: ActionImpl = {
  type: "terminate-tls",
  phases: ["on_tcp_connect"],
  // Its page lists the endpoints it runs on: https and tls.
  schemes: ["https", "tls"],
  config: {
    min_version: f("string", { oneOf: ["1.2", "1.3"], default: "1.2" }),
    max_version: f("string", { oneOf: ["1.2", "1.3"], default: "1.3" }),
    server_private_key: f("string"),
    server_certificate: f("string"),
    mutual_tls_certificate_authorities: f("strings"),
    mutual_tls_verification_strategy: f("string", { oneOf: ["require-and-verify", "require-any", "request"], default: "require-and-verify" }),
  },
  async run(config, run) {
    const t = termination(config, run);
    run.ex.tlsTermination = t;
    const facts = run.ex.conn.tls;
    if (facts === undefined) return { kind: "continue", detail: "the TLS listener's handshake follows this config" };
    const why = handshakeFailure(t, facts, run.ctx.env.clock.now());
    if (why !== undefined) return { kind: "close", detail: `handshake failed: ${why}` };
    setResult(run, "terminate_tls", tlsVariables(facts));
    return { kind: "continue", detail: `TLS ${facts.version ?? "(version not given)"}` };
  },
};

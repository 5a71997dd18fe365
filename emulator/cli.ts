#!/usr/bin/env node
// `ngrok-emulator`: runs the emulated ngrok API until SIGINT/SIGTERM. Prints shell-sourceable
// NGROK_API_BASE_URL / NGROK_API_KEY (and the AI Gateway API's) lines once it listens. The provider
// plugin's executable serves the same command as `pulumi-resource-ngrok emulator` (runCli), for
// programs in languages whose users have the plugin and no Node.js.
import { parseArgs } from "node:util";
import * as fs from "node:fs";
import { startEmulator, type EmulatorOptions } from "./index";
import { localServerTls } from "./shared/local-ca";

const HELP = `Usage: ngrok-emulator [options]

Runs an emulator of the ngrok management API (version 2) on loopback.

Options:
  --port N                 port to listen on (default 0: an ephemeral port)
  --host HOST              address to listen on (default 127.0.0.1)
  --api-key KEY            the API key clients must send (default: random emu_...)
  --state FILE             persist the account's state in FILE (loaded on start)
  --rate-limit N/SECONDS   requests per rolling window per API key, or "off" (default 120/60)
  --strict-rate-limit      one window for the account's keys together, refused requests counted
  --fault-seed N           seed of the random faults (enables them)
  --fault-error-before P   probability of an error answered without processing (0..1)
  --fault-error-after P    probability of processing and then answering an error (0..1)
  --fault-reset P          probability of dropping the connection (0..1)
  --fault-latency-ms N     random delay of up to N ms per request
  --foreign-domains D,...  domains another account has reserved (reserving one: ERR_NGROK_414)
  --certificate-provisioning-ms N  how long a certificate provisioning job runs (default 30000)
  --gateway-port N         also serve the cloud endpoints on port N: a request whose Host names an
                           endpoint's URL runs through its traffic policy (0: an ephemeral port)
  --tcp-port URL=N         with --gateway-port, listen on port N for the TCP endpoint URL
                           (tcp://1.tcp.ngrok.io:12345): a connection runs its on_tcp_connect, then
                           reaches its upstream; repeat for each TCP endpoint (0: an ephemeral port)
  --tls-cert FILE --tls-key FILE
                           serve the API over https with this certificate (PEM, leaf first) and key
  --tls-name NAME,...      serve the API over https at these host names, with a certificate signed
                           by the local CA of --tls-dir (made there on first use: ca.pem, which
                           clients trust through NODE_EXTRA_CA_CERTS or SSL_CERT_FILE); the printed
                           base URL names the first (make it resolve to the listening address);
                           the AI Gateway API is served over https too, at --ai-gateway-tls-name
  --ai-gateway-tls-name NAME  the AI Gateway API's host name with --tls-name (default api.ngrok.ai),
                           in the same certificate; its printed base URL names it
  --tls-dir DIR            where the local CA lives (default .emulator-ca)
  --ai-gateway-api-port N  the AI Gateway API's port, its own listener (default 0: an ephemeral port)
  --ai-gateway-api-key KEY the ngrok.ai API key it takes (default: random emuai_...)
  --ai-gateway-port N      also serve the AI Gateway (gateway.ngrok.ai) on port N: OpenAI-compatible
                           requests made with an access key, routed by its configuration
  --ai-provider ID=URL     send AI provider ID's traffic (built-in or custom) to base URL URL;
                           repeatable (e.g. --ai-provider openai=http://127.0.0.1:9000/v1)
  --ai-stand-ins           providers not named by --ai-provider answer 200 from a stand-in
                           instead of being called (a deployed configuration is online offline)
  -h, --help               show this help

On start it prints, for example:
  NGROK_API_BASE_URL=http://127.0.0.1:41234
  NGROK_API_KEY=emu_...
  NGROK_AI_GATEWAY_API_BASE_URL=http://127.0.0.1:41235
  NGROK_AI_GATEWAY_API_KEY=emuai_...
and keeps running. To use them from a shell, run it in the background with its output in a file:
  ngrok-emulator > emulator.env &
  until grep -q '^NGROK_API_KEY=' emulator.env; do sleep 0.1; done
  set -a; . ./emulator.env; set +a`;

class UsageError extends Error {}

function num(name: string, raw: string, min: number, max: number): number {
  const v = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(v) || v < min || v > max) {
    throw new UsageError(`--${name} must be a number between ${min} and ${max}, got '${raw}'`);
  }
  return v;
}

/** How the API is served over TLS: given files, or a local CA's certificate for host names. */
export type TlsChoice = { cert: string; key: string } | { names: string[]; dir: string; aiName: string };

export interface CliOptions extends EmulatorOptions {
  tlsChoice?: TlsChoice;
}

export function parseCli(argv: string[]): CliOptions | "help" {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "api-key": { type: "string" },
      state: { type: "string" },
      "rate-limit": { type: "string" },
      "strict-rate-limit": { type: "boolean" },
      "fault-seed": { type: "string" },
      "fault-error-before": { type: "string" },
      "fault-error-after": { type: "string" },
      "fault-reset": { type: "string" },
      "fault-latency-ms": { type: "string" },
      "foreign-domains": { type: "string" },
      "certificate-provisioning-ms": { type: "string" },
      "gateway-port": { type: "string" },
      "tcp-port": { type: "string", multiple: true },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      "tls-name": { type: "string" },
      "tls-dir": { type: "string" },
      "ai-gateway-tls-name": { type: "string" },
      "ai-gateway-api-port": { type: "string" },
      "ai-gateway-api-key": { type: "string" },
      "ai-gateway-port": { type: "string" },
      "ai-provider": { type: "string", multiple: true },
      "ai-stand-ins": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const options: CliOptions = {};
  if ((values["tls-cert"] === undefined) !== (values["tls-key"] === undefined)) throw new UsageError("--tls-cert and --tls-key go together");
  if (values["tls-cert"] !== undefined && values["tls-name"] !== undefined) throw new UsageError("give either --tls-cert/--tls-key or --tls-name, not both");
  if (values["tls-cert"] !== undefined && values["tls-key"] !== undefined) options.tlsChoice = { cert: values["tls-cert"], key: values["tls-key"] };
  if (values["tls-name"] !== undefined) {
    const names = values["tls-name"].split(",").map((n) => n.trim()).filter((n) => n !== "");
    if (names.length === 0 || names.some((n) => !/^[A-Za-z0-9.:-]+$/.test(n))) throw new UsageError(`--tls-name must be host names separated by commas, got '${values["tls-name"]}'`);
    const aiName = values["ai-gateway-tls-name"] ?? "api.ngrok.ai";
    if (!/^[A-Za-z0-9.:-]+$/.test(aiName)) throw new UsageError(`--ai-gateway-tls-name must be a host name, got '${aiName}'`);
    options.tlsChoice = { names, dir: values["tls-dir"] ?? ".emulator-ca", aiName };
  } else if (values["tls-dir"] !== undefined) throw new UsageError("--tls-dir goes with --tls-name");
  else if (values["ai-gateway-tls-name"] !== undefined) throw new UsageError("--ai-gateway-tls-name goes with --tls-name");
  if (values.port !== undefined) options.port = Math.trunc(num("port", values.port, 0, 65535));
  if (values.host !== undefined) options.host = values.host;
  if (values["api-key"] !== undefined) {
    if (!/^\S+$/.test(values["api-key"])) throw new UsageError("--api-key must be a non-empty string without spaces");
    options.apiKey = values["api-key"];
  }
  if (values.state !== undefined) options.statePath = values.state;
  if (values["foreign-domains"] !== undefined) {
    options.foreignDomains = values["foreign-domains"].split(",").map((d) => d.trim()).filter((d) => d !== "");
  }
  const provisioning = values["certificate-provisioning-ms"];
  if (provisioning !== undefined) options.certificateProvisioningMs = num("certificate-provisioning-ms", provisioning, 0, Number.MAX_SAFE_INTEGER);
  if (values["gateway-port"] !== undefined) options.gateway = { port: Math.trunc(num("gateway-port", values["gateway-port"], 0, 65535)) };
  if (values["tcp-port"] !== undefined) {
    if (options.gateway === undefined || options.gateway === true || options.gateway === false) throw new UsageError("--tcp-port needs --gateway-port");
    const tcpPorts: Record<string, number> = {};
    for (const entry of values["tcp-port"]) {
      const m = /^(tcp:\/\/[^=\s]+)=(\d+)$/.exec(entry);
      if (!m) throw new UsageError("--tcp-port takes a TCP endpoint's URL and a port: tcp://1.tcp.ngrok.io:12345=9000");
      tcpPorts[m[1]!] = Math.trunc(num("tcp-port", m[2]!, 0, 65535));
    }
    options.gateway = { ...options.gateway, tcpPorts };
  }
  if (values["ai-gateway-api-port"] !== undefined) options.aiGatewayApiPort = Math.trunc(num("ai-gateway-api-port", values["ai-gateway-api-port"], 0, 65535));
  if (values["ai-gateway-api-key"] !== undefined) {
    if (!/^\S+$/.test(values["ai-gateway-api-key"])) throw new UsageError("--ai-gateway-api-key must be a non-empty string without spaces");
    options.aiGatewayApiKey = values["ai-gateway-api-key"];
  }
  const aiProviders: Record<string, string> = {};
  for (const spec of values["ai-provider"] ?? []) {
    const m = /^([^=\s]+)=(https?:\/\/\S+)$/.exec(spec);
    if (m === null) throw new UsageError(`--ai-provider must be ID=URL (e.g. openai=http://127.0.0.1:9000/v1), got '${spec}'`);
    aiProviders[m[1]!] = m[2]!;
  }
  if (values["ai-gateway-port"] !== undefined) {
    options.aiGateway = { port: Math.trunc(num("ai-gateway-port", values["ai-gateway-port"], 0, 65535)), providers: aiProviders, ...(values["ai-stand-ins"] ? { standIns: true } : {}) };
  } else if (Object.keys(aiProviders).length > 0 || values["ai-stand-ins"]) throw new UsageError("--ai-provider and --ai-stand-ins need --ai-gateway-port");
  const rate = values["rate-limit"];
  if (rate !== undefined) {
    if (rate === "off") options.rateLimit = false;
    else {
      const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(rate);
      if (m === null) throw new UsageError(`--rate-limit must be N/SECONDS (e.g. 120/60) or off, got '${rate}'`);
      options.rateLimit = { limit: num("rate-limit", m[1]!, 1, Number.MAX_SAFE_INTEGER), windowMs: num("rate-limit", m[2]!, 0.001, 1e9) * 1000 };
    }
  }
  if (values["strict-rate-limit"]) options.strictRateLimit = true;
  const faultFlags = ["fault-error-before", "fault-error-after", "fault-reset", "fault-latency-ms"] as const;
  const anyFault = faultFlags.some((f) => values[f] !== undefined);
  if (values["fault-seed"] !== undefined || anyFault) {
    // Without a seed the run still has to be reproducible from its output, so default to 1.
    const seed = values["fault-seed"] === undefined ? 1 : Math.trunc(num("fault-seed", values["fault-seed"], 0, 2 ** 32 - 1));
    options.faults = { seed };
    if (values["fault-error-before"] !== undefined) options.faults.errorBeforeRate = num("fault-error-before", values["fault-error-before"], 0, 1);
    if (values["fault-error-after"] !== undefined) options.faults.errorAfterRate = num("fault-error-after", values["fault-error-after"], 0, 1);
    if (values["fault-reset"] !== undefined) options.faults.resetRate = num("fault-reset", values["fault-reset"], 0, 1);
    if (values["fault-latency-ms"] !== undefined) options.faults.latencyMs = num("fault-latency-ms", values["fault-latency-ms"], 0, 600_000);
  }
  return options;
}

/**
 * Runs the emulator with the command line `argv` (the flags only) until SIGINT or SIGTERM. `name`
 * is how messages and the help name the command (`pulumi-resource-ngrok emulator` from the plugin).
 */
export async function runCli(argv: string[], name = "ngrok-emulator"): Promise<void> {
  let options: CliOptions | "help";
  try {
    options = parseCli(argv);
  } catch (err) {
    process.stderr.write(`${name}: ${err instanceof Error ? err.message : String(err)}\nTry --help.\n`);
    process.exit(2);
  }
  if (options === "help") {
    process.stdout.write(`${HELP.replace(/ngrok-emulator/g, name)}\n`);
    return;
  }
  const { tlsChoice, ...emulatorOptions } = options;
  let printedUrl: ((url: string) => string) | undefined;
  let printedAiUrl: ((url: string) => string) | undefined;
  let caLine = "";
  if (tlsChoice !== undefined && "names" in tlsChoice) {
    // One certificate for both APIs' names: the AI Gateway API's listener serves it too.
    const made = await localServerTls(tlsChoice.dir, [...new Set([...tlsChoice.names, tlsChoice.aiName])]);
    emulatorOptions.tls = { cert: made.cert, key: made.key };
    // The certificate names the host names, not the listening address: the base URLs do too.
    const at = (name: string) => (url: string) => `https://${name.includes(":") ? `[${name}]` : name}:${new URL(url).port}`;
    printedUrl = at(tlsChoice.names[0]!);
    printedAiUrl = at(tlsChoice.aiName);
    caLine = `NODE_EXTRA_CA_CERTS=${made.caPath}\nSSL_CERT_FILE=${made.caPath}\n`;
  } else if (tlsChoice !== undefined) {
    emulatorOptions.tls = { cert: fs.readFileSync(tlsChoice.cert, "utf8"), key: fs.readFileSync(tlsChoice.key, "utf8") };
  }
  const emulator = await startEmulator(emulatorOptions);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${name}: ${signal}, shutting down\n`);
    emulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`${name}: shutdown failed: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  // Printed only once the handlers are in place: a caller may signal as soon as it reads these.
  // One write: a reader sees every line at once.
  const gatewayLine =
    (emulator.gateway === undefined ? "" : `NGROK_EMULATOR_GATEWAY_URL=${emulator.gateway.url}\n`) +
    // One line per TCP endpoint: where its listener is.
    Object.entries(emulator.gateway?.tcpUrls ?? {})
      .map(([endpoint, at]) => `NGROK_EMULATOR_TCP_LISTENER=${endpoint}=${at}\n`)
      .join("") +
    (emulator.aiGateway === undefined ? "" : `NGROK_EMULATOR_AI_GATEWAY_URL=${emulator.aiGateway.url}\n`);
  const baseUrl = printedUrl?.(emulator.url) ?? emulator.url;
  const listening = printedUrl === undefined ? "" : `NGROK_EMULATOR_ADDRESS=${new URL(emulator.url).host}\n`;
  process.stdout.write(
    `NGROK_API_BASE_URL=${baseUrl}\nNGROK_API_KEY=${emulator.apiKey}\n${listening}${caLine}${gatewayLine}` +
      `NGROK_AI_GATEWAY_API_BASE_URL=${printedAiUrl?.(emulator.aiGatewayApi.url) ?? emulator.aiGatewayApi.url}\nNGROK_AI_GATEWAY_API_KEY=${emulator.aiGatewayApi.apiKey}\n`,
  );
}

if (require.main === module) {
  runCli(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`ngrok-emulator: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}

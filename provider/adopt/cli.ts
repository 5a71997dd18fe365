#!/usr/bin/env node
/**
 * `pulumi-ngrok adopt`: an existing ngrok account (or what a Terraform state on ngrok's provider
 * holds) brought under code in one command. It reads the account through the provider's client,
 * with its pacing and retries, writes a Pulumi bulk import file (`pulumi import --file`, the
 * plugin door) and, when asked, the dynamic door's TypeScript program (`--program`), and says in
 * one line each what it left out and which secrets the program reads from stack config. It never
 * writes to the account.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { ApiError, MissingApiKeyError } from "../client/errors";
import { readSettings, SettingsError } from "../contract";
import { Provider } from "../core/provider";
import { definitions, isBoundKind } from "../definitions";
import { listAccount } from "./account";
import { importFile, secretLines, typescriptProgram } from "./output";
import { planAdoption, selected, type Filters } from "./plan";
import { readState, StateFileError } from "./terraform";

const HELP = `Usage: pulumi-ngrok adopt [options]

Reads every object of an ngrok account (NGROK_API_KEY; the AI Gateway API's too with
NGROK_AI_GATEWAY_API_KEY) and writes a Pulumi bulk import file for \`pulumi import --file\`.
It only reads: nothing in the account changes.

Options:
  --from-terraform STATE   adopt what a Terraform state (terraform.tfstate) on ngrok's provider holds
  --kind KIND[,KIND]       only these kinds (ReservedDomain, Vault, ...); repeatable
  --id ID[,ID]             only these objects; repeatable
  --description TEXT       only objects whose description holds TEXT; repeatable (any of them)
  --metadata TEXT          only objects whose metadata holds TEXT; repeatable (any of them)
  --file PATH              the import file to write (default adopt.json)
  --program PATH           also write the dynamic door's TypeScript program (pulumi-ngrok) there
  --package NAME           the package the program imports (default pulumi-ngrok)
  -h, --help               this text

Settings come from the environment, as for the provider: NGROK_API_KEY, NGROK_API_BASE_URL,
NGROK_RATE_LIMIT, NGROK_AI_GATEWAY_API_KEY, NGROK_AI_GATEWAY_API_BASE_URL, ...
`;

/** A wrong argument, told in one line with no stack. */
class UsageError extends Error {
  override readonly name = "UsageError";
}

const list = (values: string[] | undefined): string[] => (values ?? []).flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "");

export interface AdoptIo {
  out: (line: string) => void;
  /** A progress line, rewritten in place (a terminal only). */
  progress?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Runs `adopt` with its arguments; resolves to the exit code. */
export async function adopt(argv: string[], io: AdoptIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      "from-terraform": { type: "string" },
      kind: { type: "string", multiple: true },
      id: { type: "string", multiple: true },
      description: { type: "string", multiple: true },
      metadata: { type: "string", multiple: true },
      file: { type: "string" },
      program: { type: "string" },
      package: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const cwd = io.cwd ?? process.cwd();
  const kinds = list(values.kind);
  const unknown = kinds.filter((k) => !isBoundKind(k));
  if (unknown.length) throw new UsageError(`--kind: ${unknown.join(", ")} ${unknown.length > 1 ? "are" : "is"} no kind of object (the kinds: ${Object.keys(definitions).filter(isBoundKind).join(", ")})`);
  const filters: Filters = {
    ...(kinds.length ? { kinds: new Set(kinds) } : {}),
    ...(list(values.id).length ? { ids: new Set(list(values.id)) } : {}),
    ...(values.description?.length ? { description: values.description } : {}),
    ...(values.metadata?.length ? { metadata: values.metadata } : {}),
  };

  // The state first: a file that is not one fails before any request.
  const addresses = new Map<string, string>();
  const stateLines: string[] = [];
  let fromState: Set<string> | undefined;
  if (values["from-terraform"] !== undefined) {
    const file = path.resolve(cwd, values["from-terraform"]);
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      throw new UsageError(`--from-terraform: cannot read ${values["from-terraform"]}`);
    }
    const state = readState(text, values["from-terraform"]);
    for (const e of state.entries) addresses.set(e.id, e.address);
    stateLines.push(...state.left);
    fromState = new Set(state.entries.map((e) => e.kind!));
  }

  const provider = new Provider({ settings: readSettings(() => undefined, io.env ?? process.env) });
  const requests = { ngrok: 0, aiGateway: 0 };
  try {
    const main = provider.client();
    main.onAttempt = () => requests.ngrok++;
    if (provider.settings.aiGatewayApiKey) provider.aiGatewayClient().onAttempt = () => requests.aiGateway++;
    const walked = fromState ? new Set([...fromState].filter((k) => !filters.kinds || filters.kinds.has(k))) : filters.kinds;
    const listing = await listAccount(provider, {
      ...(walked ? { kinds: walked } : {}),
      ...(io.progress ? { progress: (e) => io.progress!(e.kind ? `reading ${e.kind} (${e.done + 1}/${e.of} kinds, ${e.found} objects so far)` : "") } : {}),
    });
    let chosen = listing.found.filter((f) => selected(f, filters));
    if (fromState) {
      chosen = chosen.filter((f) => addresses.has(f.id));
      const seen = new Set(chosen.map((f) => f.id));
      for (const [id, address] of addresses) if (!seen.has(id)) stateLines.push(`${address}: ${id} is not in the account (deleted since, or left out by a filter)`);
    }
    const plan = planAdoption(chosen, addresses);
    const version = (require("pulumi-ngrok/package.json") as { version: string }).version;
    const file = path.resolve(cwd, values.file ?? "adopt.json");
    fs.writeFileSync(file, JSON.stringify(importFile(plan, version), null, 2) + "\n");

    const kindCount = new Set(plan.adopted.map((a) => a.kind)).size;
    const apis = requests.aiGateway > 0 ? ` (${requests.ngrok} to the ngrok API, ${requests.aiGateway} to the AI Gateway API)` : "";
    io.out(`Read ${plan.adopted.length} objects of ${kindCount} kinds in ${requests.ngrok + requests.aiGateway} requests${apis}; reading it all takes ${listing.floor} at the least (a list page of 100 each).`);
    io.out(`Wrote ${path.relative(cwd, file) || file}: \`pulumi import --file ${path.relative(cwd, file) || file}\` adopts them on the plugin door and writes their program in the stack's language.`);
    if (values.program !== undefined) {
      const program = path.resolve(cwd, values.program);
      fs.writeFileSync(program, typescriptProgram(plan, values.package ?? "pulumi-ngrok"));
      io.out(`Wrote ${path.relative(cwd, program) || program}: the dynamic door's program; its first \`pulumi up\` adopts them (importId) and changes nothing.`);
    }
    const left = [...listing.left.filter((l) => !fromState || fromState.has(l.kind)).map((l) => `${l.kind}${l.id ? ` ${l.id}` : ""}: ${l.why}`), ...stateLines];
    if (left.length) {
      io.out(`Left out (${left.length}):`);
      for (const l of left) io.out(`  ${l}`);
    }
    if (plan.secrets.length) {
      io.out(`Set before \`pulumi up\`: ${plan.secrets.length} secret${plan.secrets.length > 1 ? "s" : ""} the program reads from stack config as secrets (config.requireSecret; config.require_secret in Python, cfg.RequireSecret in Go), never a placeholder:`);
      for (const l of secretLines(plan.secrets)) io.out(l);
    }
    return 0;
  } finally {
    await provider.close();
  }
}

/** The command line: `pulumi-ngrok adopt ...`. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (command !== "adopt") {
    process.stdout.write(command === undefined || command === "-h" || command === "--help" ? `${HELP}` : "");
    if (command !== undefined && command !== "-h" && command !== "--help") process.stderr.write(`pulumi-ngrok: unknown command ${command} (the command is \`pulumi-ngrok adopt\`)\n`);
    return command === undefined || command === "-h" || command === "--help" ? 0 : 2;
  }
  const tty = process.stderr.isTTY === true;
  const progress = tty ? (line: string) => process.stderr.write(`\r\x1b[2K${line}`) : undefined;
  try {
    return await adopt(rest, { out, ...(progress ? { progress } : {}) });
  } catch (err) {
    if (tty) process.stderr.write("\r\x1b[2K");
    const known = err instanceof UsageError || err instanceof StateFileError || err instanceof MissingApiKeyError || err instanceof SettingsError || err instanceof ApiError || (err as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" || (err as { code?: string }).code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE";
    process.stderr.write(`pulumi-ngrok adopt: ${known ? (err as Error).message.split("\n")[0] : String((err as Error)?.stack ?? err)}\n`);
    return known ? 2 : 1;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

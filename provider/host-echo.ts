/**
 * One line per failure. Pulumi's dynamic-provider host writes every error that a check, diff,
 * read or delete throws to stderr as `${err}: ${err.stack}` before answering the engine with its
 * message; the engine shows that text among the stack's diagnostics, stack frames and all, besides
 * the message on the resource: a wrong key at `refresh` printed each failure twice, with its
 * trace. The errors this provider raises on purpose carry the whole story in their message, so
 * their echo is dropped; any other error (a bug) keeps its stack. Installed only in that host.
 */
const explainedErrors = ["ApiError", "TransportError", "MissingApiKeyError", "LostCreateError", "AgentCommandError"];

/** Whether `text` is the host's echo (`${err}: ${err.stack}`) of one of this provider's errors. */
export function isEchoOfExplainedError(text: string): boolean {
  return explainedErrors.some((name) => text.startsWith(`${name}: `) && text.includes(`: ${name}: `));
}

/** Drops the host's echoes from console.error when this process is Pulumi's dynamic-provider host. */
export function quietHostEchoes(argv: readonly string[] = process.argv): void {
  if (!argv.some((a) => /[\\/]cmd[\\/]dynamic-provider(?:[\\/]index\.js)?$/.test(a))) return;
  const write = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && isEchoOfExplainedError(args[0])) return;
    write(...args);
  };
}

/**
 * What the provider tells the user besides its answers. Each host sends the lines its own way
 * (the dynamic-provider host: stderr; the plugin: the engine's log, with the resource's URN).
 */
export interface EventSink {
  /** A line the user should see as it happens: an adoption's effect, an agent command's progress. */
  info(message: string): void;
  /** A line that warns: a deprecated input the program sets. Told as `info` where absent. */
  warn?(message: string): void;
  /** A line for whoever looks closer: a retry, a wait for room under the rate limit. */
  debug(message: string): void;
}

/** Tells nobody. */
export const silentEvents: EventSink = { info: () => undefined, debug: () => undefined };

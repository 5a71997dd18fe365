// Where a reserved domain resolves (`resolves_to`): ngrok's documentation of region pinning
// (https://ngrok.com/docs/domains/region-pinning/) and dedicated IPs
// (https://ngrok.com/docs/domains/dedicated-ips/). Each entry is `{ value }`: a point of presence
// or region shortcode, `global`, or a dedicated IP address with an optional port. An empty list
// un-pins the domain: every point of presence serves it.
import { isIP } from "node:net";
import { z } from "zod";
import { ApiFailure } from "../../shared/errors";
import type { Json, JsonObject } from "../../shared/validate";

/** The shortcodes the documented error lists as acceptable, and `global`. */
const TARGETS = ["us", "us-cal-1", "eu", "au", "ap", "jp", "sa", "in", "global"] as const;

export const resolvesToSchema = z.array(z.strictObject({ value: z.string() }));

/** A dedicated IP: an IPv4 or bracketed IPv6 address, with an optional port. */
function isDedicatedIp(value: string): boolean {
  const m = /^(?:\[([^\]]+)\]|([^:]+))(?::([0-9]{1,5}))?$/.exec(value) ?? /^([0-9a-fA-F:]+)$/.exec(value);
  if (m === null) return false;
  const address = m[1] ?? m[2] ?? "";
  const port = m[3];
  return isIP(address) !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

/** The stored list, or the service's 400 for a target it does not know (its documented error). */
export function resolvesTo(input: Json | undefined): JsonObject[] {
  if (!Array.isArray(input)) return [];
  return input.map((entry) => {
    const value = String((entry as JsonObject)["value"] ?? "").trim();
    if (!(TARGETS as readonly string[]).includes(value) && !isDedicatedIp(value)) {
      throw new ApiFailure(
        400,
        "invalid_region_target",
        `The region you specified, '${value}' is invalid. use one of the following acceptable values: ${TARGETS.filter((t) => t !== "global").join(",")}`,
      );
    }
    return { value };
  });
}

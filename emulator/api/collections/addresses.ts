// Reserved TCP addresses (`/reserved_addrs`, ids `ra_`): a `hostname:port` kept for the account,
// in the region it was reserved in.
import { randomInt } from "node:crypto";
import { z } from "zod";
import { common, type CollectionDef } from "../collection";
import { str } from "../../shared/fields";
import { badValue } from "../../shared/errors";
import { description, metadata } from "../../shared/validate";

const REGIONS = ["au", "eu", "ap", "us", "jp", "in", "sa"] as const;

export const reservedAddrs: CollectionDef = {
  kind: "reserved_addrs",
  path: "/reserved_addrs",
  prefix: "ra",
  listKey: "reserved_addrs",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), region: z.string().optional() }),
  create(input, ctx) {
    const region = str(input["region"]) || "us";
    if (!(REGIONS as readonly string[]).includes(region)) {
      throw badValue(`Invalid value for 'region': '${region}' is not one of ${REGIONS.join(", ")}.`);
    }
    const taken = new Set(ctx.store.all("reserved_addrs").map((r) => r.data["addr"]));
    const host = `${randomInt(8)}.tcp.${region === "us" ? "" : `${region}.`}ngrok.io`;
    let addr: string;
    do addr = `${host}:${randomInt(10000, 65000)}`;
    while (taken.has(addr));
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]), region, addr } };
  },
  // The region and the address are fixed at creation: not in the update body (ERR_NGROK_214).
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  shape(rec, ctx) {
    return { ...common(reservedAddrs, rec, ctx), addr: str(rec.data["addr"]), region: str(rec.data["region"]) };
  },
};

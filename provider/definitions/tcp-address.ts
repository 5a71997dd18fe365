import { createdAt, description, metadata, uri } from "./common";
import type { BoundDefinition } from "../contract";

export const tcpAddress: BoundDefinition = {
  name: "TcpAddress",
  description:
    "A reserved TCP address (`hostname:port`) that stays the same across agent restarts: an agent or a cloud endpoint serves it as `tcp://<addr>`.",
  binding: { kind: "collection", path: "/reserved_addrs", idPrefix: "ra", listKey: "reserved_addrs" },
  properties: {
    description: description("What the address is for."),
    metadata: metadata(),
    region: {
      type: { kind: "string", enum: ["au", "eu", "ap", "us", "jp", "in", "sa"] },
      description: "The region the address is reserved in (default `us`). A change reserves another address: a replace.",
      input: { api: "region", onChange: "replace", unset: "computed", updatable: false },
    },
    addr: {
      type: { kind: "string" },
      api: "addr",
      present: true,
      description: "The reserved `hostname:port`, assigned at creation; serve it as `tcp://<addr>`.",
    },
    uri,
    createdAt,
  },
  lookupKey: ["addr"],
  example: `const db = new ngrok.TcpAddress("db", { description: "postgres", region: "eu" });
export const url = pulumi.interpolate\`tcp://\${db.addr}\`;`,
};

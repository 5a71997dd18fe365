import { createdAt, uri } from "./common";
import type { BoundDefinition } from "../contract";

export const serviceUser: BoundDefinition = {
  name: "ServiceUser",
  description:
    "A service user (ids `service_...`; it replaces bot users): an identity for automation that owns API keys and credentials (`ownerId`), separate from any person's account.",
  // ngrok's reference shows service users as `service_...`; those made before (and by earlier emulators) are `bot_...`.
  binding: { kind: "collection", path: "/service_users", idPrefix: "service", formerIdPrefixes: ["bot"], listKey: "service_users" },
  properties: {
    name: {
      type: { kind: "string", maxBytes: 255, nonEmpty: true },
      description: "A human-readable name that identifies the service. Changed in place.",
      input: { api: "name", required: true, onChange: "update", unset: "clear" },
    },
    active: {
      type: { kind: "boolean" },
      description: "Whether the service user is active (default `true`): an inactive one's API keys and credentials stop working.",
      input: { api: "active", onChange: "update", unset: "clear", default: true },
    },
    uri,
    createdAt,
  },
  lookupKey: ["name"],
  example: `const deployer = new ngrok.ServiceUser("deployer", { name: "ci-deployer" });
const key = new ngrok.ApiKey("deployer", { description: "CI deployments", ownerId: deployer.id });`,
};

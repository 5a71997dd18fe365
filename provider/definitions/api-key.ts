import { createdAt, description, metadata, uri } from "./common";
import type { BoundDefinition } from "../contract";

export const apiKey: BoundDefinition = {
  name: "ApiKey",
  description:
    "A key for the ngrok API. Its token is returned only when the key is created; the provider keeps it, as a secret, in the stack's state.",
  binding: { kind: "collection", path: "/api_keys", idPrefix: "ak", listKey: "keys" },
  properties: {
    description: description("What uses the key."),
    metadata: metadata(),
    ownerId: {
      type: { kind: "string", idPrefix: ["usr", "service", "bot"] },
      description:
        "The user or service user (`service_...`; a bot user, `bot_...`, too) that owns the key: one of the account's, else the API refuses it. Defaults to the caller. Only admins may name another owner. A replacement key gets a new token.",
      input: { api: "owner_id", onChange: "replace", unset: "computed" },
    },
    token: {
      type: { kind: "string" },
      api: "token",
      secret: true,
      description:
        "The bearer token for the API's `Authorization` header. The API returns it only at creation; the provider keeps it in state, encrypted, across refreshes and updates.",
      fromApi: (api, prior) => (typeof api.token === "string" && api.token !== "" ? api.token : prior.token),
    },
    uri,
    createdAt,
  },
  example: `const key = new ngrok.ApiKey("automation", { description: "nightly cleanup job" });
export const apiToken = key.token; // a secret`,
};

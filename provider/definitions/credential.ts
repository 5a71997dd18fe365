import { aclProperty } from "./acl";
import { createdAt, description, metadata, uri } from "./common";
import type { BoundDefinition } from "../contract";

export const credential: BoundDefinition = {
  name: "Credential",
  description:
    "A tunnel credential (authtoken) that an ngrok agent uses to open tunnel sessions. The token is returned only when the credential is created; the provider keeps it, as a secret, in the stack's state.",
  binding: { kind: "collection", path: "/credentials", idPrefix: "cr", listKey: "credentials" },
  properties: {
    description: description("Who or what uses the credential."),
    metadata: metadata(),
    acl: aclProperty,
    ownerId: {
      type: { kind: "string", idPrefix: ["usr", "service", "bot"] },
      description:
        "The user, service user (`service_...`) or bot user that owns the credential; defaults to the caller. Only admins may name another owner. A replacement credential gets a new token.",
      input: { api: "owner_id", onChange: "replace", unset: "computed" },
    },
    token: {
      type: { kind: "string" },
      api: "token",
      secret: true,
      description:
        "The authtoken. The API returns it only at creation; the provider keeps it in state, encrypted, across refreshes and updates.",
      fromApi: (api, prior) => (typeof api.token === "string" && api.token !== "" ? api.token : prior.token),
    },
    uri,
    createdAt,
  },
  example: `const cred = new ngrok.Credential("ci-agent", {
    description: "CI agents",
    acl: ["bind:*.example.com"],
});
export const authtoken = cred.token; // a secret`,
};

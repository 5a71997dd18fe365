// One invalid resource, chosen by stack config `case`. Every case must fail at check time (preview),
// naming the property, before the provider talks to the API, and without printing the value.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const which = config.require("case");

switch (which) {
    case "description":
        // A secret one byte over the API's 255-byte limit (stack config `secretDescription`, set --secret).
        new ngrok.ReservedDomain("bad", { domain: "ok.example.com", description: config.requireSecret("secretDescription") });
        break;
    case "metadata":
        // 4,097 bytes, one more than the API's limit (stack config `metadata`).
        new ngrok.ReservedDomain("bad", { domain: "ok.example.com", metadata: config.require("metadata") });
        break;
    case "certificate":
        // A user-uploaded certificate and automatic management are mutually exclusive.
        new ngrok.ReservedDomain("bad", {
            domain: "ok.example.com",
            certificateId: "cert_2abcdefghijklmnopqrstuvwxyz",
            certificateManagementPolicy: { authority: "letsencrypt" },
        });
        break;
    case "acl":
        // Not an ACL rule: rules are `bind:<domain>`, `bind:<key>=<value>` or `*`.
        new ngrok.Credential("bad", { acl: ["allow:everything"] });
        break;
    default:
        throw new Error(`unknown case "${which}" (description, metadata, certificate or acl)`);
}

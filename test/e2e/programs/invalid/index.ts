// One invalid resource, chosen by stack config `case`. Every case must fail at check time (preview),
// naming the property, before the provider talks to the API.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const which = config.require("case");

switch (which) {
    case "description":
        // 128 two-byte characters: 256 bytes, one more than the API's 255-byte limit (128 characters).
        new ngrok.ReservedDomain("bad", { domain: "ok.example.com", description: "é".repeat(128) });
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
        throw new Error(`unknown case "${which}" (description, certificate or acl)`);
}

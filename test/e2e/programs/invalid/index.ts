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
    case "policy":
        // A policy with HTTP rules on a tcp URL, a CEL expression that does not parse, a rate limit
        // without its capacity, an expression comparing a string with a number and a CIDR that is
        // none; its credential (stack config `adminLogin`, set --secret) must never show.
        new ngrok.CloudEndpoint("bad", {
            url: "tcp://1.tcp.ngrok.io:20000",
            trafficPolicy: {
                onHttpRequest: [
                    {
                        expressions: ["req.url.path.startsWith('/admin') &&& true"],
                        actions: [{ type: "basic-auth", config: { credentials: [config.requireSecret("adminLogin")] } }],
                    },
                    {
                        actions: [
                            { type: "rate-limit", config: { name: "per ip", algorithm: "sliding_window", rate: "60s", bucketKey: ["conn.client_ip"] } } as unknown as ngrok.TrafficPolicyAction,
                        ],
                    },
                    { expressions: ["req.url.path > 5"], actions: [{ type: "restrict-ips", config: { allow: ["10.0.0.0/33"] } }] },
                    { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
                ],
            },
        });
        break;
    default:
        throw new Error(`unknown case "${which}" (description, metadata, certificate, acl or policy)`);
}

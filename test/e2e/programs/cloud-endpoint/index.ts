// One CloudEndpoint whose policy is the same whatever config `spelling` says: a typed object,
// YAML text or JSON text. `capacity` changes the policy in place; `host` changes the URL (a
// replacement). The webhook secret is a plain string on purpose: the class must keep it secret.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const spelling = config.get("spelling") ?? "object";
const capacity = config.getNumber("capacity") ?? 30;
const host = config.get("host") ?? "tp-one.ngrok.app";

const domains = ["tp-one.ngrok.app", "tp-two.ngrok.app"].map((d, i) => new ngrok.ReservedDomain(`domain-${i}`, { domain: d }));

const policy: ngrok.TrafficPolicy = {
    onHttpRequest: [
        {
            name: "webhooks",
            expressions: ["req.url.path == '/hooks'"],
            actions: [{ type: "verify-webhook", config: { provider: "github", secret: "e2e-webhook-plain-s3cret" } }],
        },
        {
            actions: [
                { type: "rate-limit", config: { name: "per ip", algorithm: "sliding_window", capacity, rate: "60s", bucketKey: ["conn.client_ip"] } },
                { type: "custom-response", config: { statusCode: 200, body: "hello" } },
            ],
        },
    ],
};

// The same policy as ngrok's documentation writes it, keys in another order.
const yaml = `
on_http_request:
  - expressions:
      - req.url.path == '/hooks'
    name: webhooks
    actions:
      - type: verify-webhook
        config:
          secret: e2e-webhook-plain-s3cret
          provider: github
  - actions:
      - type: rate-limit
        config:
          bucket_key: [conn.client_ip]
          capacity: ${capacity}
          rate: 60s
          algorithm: sliding_window
          name: per ip
      - type: custom-response
        config: { body: hello, status_code: 200 }
`;
const json = JSON.stringify(ngrok.toWirePolicy(policy), null, 2);

const endpoint = new ngrok.CloudEndpoint(
    "app",
    {
        url: `https://${host}`,
        description: "policy spelled as config says",
        trafficPolicy: spelling === "yaml" ? yaml : spelling === "json" ? json : policy,
    },
    { dependsOn: domains },
);

export const id = endpoint.id;
export const url = endpoint.url;

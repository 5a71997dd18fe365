// One SharedTrafficPolicy, its rate limit's capacity from config `capacity` and a login from the
// secret `login`, taken by three cloud endpoints.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();

const shared = new ngrok.SharedTrafficPolicy("edge", {
    name: "rate limit and login",
    policy: {
        onHttpRequest: [
            {
                actions: [{
                    type: "rate-limit",
                    config: { name: "per client", algorithm: "sliding_window", capacity: config.requireNumber("capacity"), rate: "60s", bucketKey: ["conn.client_ip"] },
                }],
            },
            { expressions: ["req.url.path.startsWith('/admin')"], actions: [{ type: "basic-auth", config: { credentials: [config.requireSecret("login")] } }] },
            { actions: [{ type: "custom-response", config: { statusCode: 200, body: "shared" } }] },
        ],
    },
});

export const urls = ["a", "b", "c"].map((n) => new ngrok.CloudEndpoint(n, { url: `https://shared-${n}.internal`, trafficPolicy: shared }).url);

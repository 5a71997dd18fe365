// `count` resources through the provider plugin (pulumi-resource-ngrok), by type token: IP
// policies, credentials and reserved domains in turn. Config `pluginVersion` names the plugin.
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const version = config.require("pluginVersion");

/** A resource of the plugin's, any kind (CustomResource is abstract). */
class PluginResource extends pulumi.CustomResource {}

const kinds: ((i: number) => [string, Record<string, unknown>])[] = [
    (i) => ["IpPolicy", { description: `policy ${i}` }],
    (i) => ["Credential", { description: `agent ${i}`, acl: [`bind:d${i}.bench.example.com`] }],
    (i) => ["ReservedDomain", { domain: `d${i}.bench.example.com`, description: `app ${i}` }],
];

for (let i = 0; i < count; i++) {
    const [kind, inputs] = kinds[i % kinds.length]!(i);
    new PluginResource(`ngrok:index:${kind}`, `r-${i}`, inputs, { version });
}

// Many resources of two kinds. Stack config:
// - `credentials` and `domains`: how many of each (reserved domains are `d<i>.many.example.com`);
// - `domainIds` (optional, a JSON list): existing reserved domains `d<i>.many.example.com`,
//   adopted with importId instead of created.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const credentials = config.requireNumber("credentials");
const domains = config.requireNumber("domains");
const adopted = config.getObject<string[]>("domainIds") ?? [];

for (let i = 0; i < domains; i++) {
    new ngrok.ReservedDomain(`domain-${i}`, { domain: `d${i}.many.example.com`, description: `app ${i}`, importId: adopted[i] });
}
for (let i = 0; i < credentials; i++) {
    new ngrok.Credential(`agent-${i}`, { description: `agent ${i}`, acl: [`bind:d${i}.many.example.com`] });
}

export const resources = credentials + domains;

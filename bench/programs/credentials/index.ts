// `count` credentials: independent resources that each cost one API request per operation, the
// same HTTP work and the same dependency graph (none) as bench/programs/trivial's resources.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const count = new pulumi.Config().requireNumber("count");

for (let i = 0; i < count; i++) {
    new ngrok.Credential(`credential-${i}`, { description: `agent ${i}`, acl: [`bind:c${i}.example.com`] });
}

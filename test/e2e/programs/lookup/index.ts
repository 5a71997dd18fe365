// One lookup that fails, chosen by stack config `case`: what a program sees when a lookup finds
// nothing, or more than one resource.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const which = config.require("case");

function lookup(): pulumi.Output<string> | Promise<string> {
    switch (which) {
        case "miss":
            // The Output form, as a program passes a lookup's result on to a resource.
            return ngrok.getReservedDomainOutput({ domain: "nobody.ngrok.app" }).id;
        case "several":
            // The promise form; every rule of the IP policy (stack config `ipPolicyId`) matches.
            return ngrok.getIpPolicyRule({ ipPolicyId: config.require("ipPolicyId") }).then((r) => r.id);
        default:
            throw new Error(`unknown case "${which}" (miss or several)`);
    }
}

export const found = lookup();

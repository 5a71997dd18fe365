// Resources created out of band (through the API) brought under Pulumi. Stack config `mode`:
// - `get`: `Resource.get` reads `credentialId` and `domainId` (read-only: Pulumi never changes or deletes them);
// - `adopt-domain` / `adopt-credential`: declared with the `importId` input (config `domainId` /
//   `credentialId`; absent once the test removes it): adopted at creation, managed from then on;
// - `import-option`: the `import` resource option, which dynamic providers do not support.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const mode = config.require("mode");

let exported: Record<string, pulumi.Output<unknown>> = {};

switch (mode) {
    case "get": {
        const cred = ngrok.Credential.get("adopted-cred", config.require("credentialId"));
        const domain = ngrok.ReservedDomain.get("adopted-domain", config.require("domainId"));
        exported = {
            credentialId: cred.id,
            credentialDescription: cred.description,
            credentialAcl: cred.acl,
            domainId: domain.id,
            domain: domain.domain,
            domainDescription: domain.description,
        };
        break;
    }
    case "adopt-domain": {
        const domain = new ngrok.ReservedDomain("managed", {
            domain: config.require("domain"),
            description: config.get("description") ?? "managed now",
            importId: config.get("domainId"),
        });
        exported = { domainId: domain.id, domain: domain.domain, domainDescription: domain.description };
        break;
    }
    case "adopt-credential": {
        const cred = new ngrok.Credential("managed", {
            description: config.get("description") ?? "managed now",
            acl: config.requireObject<string[]>("acl"),
            importId: config.get("credentialId"),
        });
        exported = { credentialId: cred.id, credentialDescription: cred.description, credentialAcl: cred.acl, token: cred.token };
        break;
    }
    case "import-option": {
        const domain = new ngrok.ReservedDomain(
            "imported",
            { domain: config.require("domain") },
            { import: config.require("domainId") },
        );
        exported = { domainId: domain.id };
        break;
    }
    default:
        throw new Error(`unknown mode "${mode}" (get, adopt-domain, adopt-credential or import-option)`);
}

// Every entry is a stack output.
export = exported;

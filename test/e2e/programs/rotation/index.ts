// A vault and one secret whose value is the secret stack config `value`: a new value is a rotation.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const vault = new ngrok.Vault("app", { name: "rotation-app" });
new ngrok.VaultSecret("token", { vaultId: vault.id, name: "upstream-token", value: config.requireSecret("value"), description: "the upstream's token" });

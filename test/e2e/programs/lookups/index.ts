// Fifty lookups of five kinds, in both forms, and no resource: 20 reserved domains
// (`l<i>.lookups.example.com`), 15 vaults (`vault-<i>`) and 10 service users (`user-<i>`) by name,
// 2 vault secrets (`secret-<i>` in vault-0) by vault and name, and 3 cloud endpoints by id
// (stack config `endpointIds`, a JSON list).
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const endpointIds = config.requireObject<string[]>("endpointIds");
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

// Promise form, awaited one after another, as a program that needs each answer before the next writes it.
async function domainsOneByOne(): Promise<string[]> {
    const ids: string[] = [];
    for (const i of range(20)) ids.push((await ngrok.getReservedDomain({ domain: `l${i}.lookups.example.com` })).id);
    return ids;
}

const vaults = range(15).map((i) => ngrok.getVaultOutput({ name: `vault-${i}` }));
const secrets = range(2).map((i) => ngrok.getVaultSecretOutput({ vaultId: vaults[0]!.id, name: `secret-${i}` }));
const users = range(10).map((i) => (i % 2 === 0 ? pulumi.output(ngrok.getServiceUser({ name: `user-${i}` })) : ngrok.getServiceUserOutput({ name: `user-${i}` })));
const endpoints = endpointIds.map((id, i) => (i === 0 ? pulumi.output(ngrok.getCloudEndpoint({ id })) : ngrok.getCloudEndpointOutput({ id })));

export const domainIds = domainsOneByOne();
export const vaultIds = pulumi.all(vaults.map((v) => v.id));
export const secretIds = pulumi.all(secrets.map((s) => s.id));
export const userIds = pulumi.all(users.map((u) => u.id));
export const endpointUrls = pulumi.all(endpoints.map((e) => e.url));

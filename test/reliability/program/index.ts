// Many resources of every kind, for the reliability suite (test/reliability/) and the benchmarks.
// Stack config:
// - `count`: how many resources of this package, dealt round-robin over the rows of `kinds`;
// - `seed`: picks each resource's optional inputs (the same seed gives the same program);
// - `generation` (default 0): the update step raises it: every description changes in place and
//   every fifth reserved domain gets a new domain (a replacement).
// A new resource kind is a new row of `kinds`, after the rows of the parents it needs.
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const seed = config.requireNumber("seed");
const generation = config.getNumber("generation") ?? 0;
/** Domains of this run: distinct per seed. */
const zone = `s${seed}.example.com`;

/** mulberry32: a small seeded PRNG. */
function prng(s: number): () => number {
    let a = s >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** One resource's choices: its own stream, so that neither `count` nor `generation` shifts another's. */
function choices(i: number): <T>(options: readonly T[]) => T {
    const random = prng(seed * 100_003 + i);
    return (options) => options[Math.floor(random() * options.length)]!;
}

/** Subscriptions for the event sources, ten sources each, made as the rows need them. */
const subscriptions: ngrok.EventSubscription[] = [];
let sources = 0;
function nextSubscription(): ngrok.EventSubscription {
    const k = Math.floor(sources++ / 10);
    subscriptions[k] ??= new ngrok.EventSubscription(`subscription-${k}`, { description: `reliability ${seed} subscription ${k}` });
    return subscriptions[k]!;
}

/** The resources made so far, by kind: a row whose kind needs a parent takes the latest of an earlier row. */
const made: Record<string, pulumi.CustomResource[]> = {};
function latest(kind: string): pulumi.CustomResource & { id: pulumi.Output<string> } {
    const all = made[kind] ?? [];
    if (all.length === 0) throw new Error(`a ${kind} row must come before the rows that need one`);
    return all[all.length - 1]!;
}

/** A fixed OpenSSH public key, and the CA of the domains example. */
const sshKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDFKDI4H04cv24qegY3kpmrbnASPiKTNuI/sltQnF2f6 reliability@example";
const caPem = fs.readFileSync(path.join(__dirname, "../../../examples/domains/certs/example-ca.pem"), "utf8");

interface Row {
    kind: string;
    make: (i: number, pick: <T>(options: readonly T[]) => T) => pulumi.CustomResource;
}

const kinds: Row[] = [
    {
        kind: "Credential",
        make: (i, pick) =>
            new ngrok.Credential(`credential-${i}`, {
                description: `credential ${i}, generation ${generation}, seed ${seed}`,
                metadata: pick([undefined, JSON.stringify({ i, team: pick(["a", "b"]) })]),
                acl: pick([[], ["*"], [`bind:c${i}.${zone}`], [`bind:*.c${i}.${zone}`, "bind:env=ci"]]),
            }),
    },
    {
        kind: "ReservedDomain",
        make: (i, pick) =>
            new ngrok.ReservedDomain(`domain-${i}`, {
                domain: generation > 0 && i % 5 === 1 ? `d${i}-g${generation}.${zone}` : `d${i}.${zone}`,
                description: `domain ${i}, generation ${generation}, seed ${seed}`,
                region: pick([undefined, "us", "eu"]),
                certificateManagementPolicy: pick([undefined, { authority: "letsencrypt", privateKeyType: "ecdsa" }]),
            }),
    },
    {
        kind: "EventSource",
        make: (i) => new ngrok.EventSource(`source-${i}`, { subscriptionId: nextSubscription().id, type: `thing${i}_created.v0` }),
    },
    {
        kind: "IpPolicy",
        make: (i, pick) => new ngrok.IpPolicy(`policy-${i}`, { description: `policy ${i}, generation ${generation}, seed ${seed}`, metadata: pick([undefined, `{"i":${i}}`]) }),
    },
    {
        // Under the IP policy of an earlier row.
        kind: "IpPolicyRule",
        make: (i, pick) =>
            new ngrok.IpPolicyRule(`rule-${i}`, {
                ipPolicyId: latest("IpPolicy").id,
                cidr: pick([`10.${i % 256}.0.0/16`, `2001:db8:${i.toString(16)}::/48`]),
                action: pick(["allow", "deny"]),
                description: `rule ${i}, generation ${generation}, seed ${seed}`,
            }),
    },
    {
        kind: "HttpResponseBackend",
        make: (i, pick) =>
            new ngrok.HttpResponseBackend(`response-${i}`, {
                description: `response ${i}, generation ${generation}, seed ${seed}`,
                body: pick([undefined, `hello ${i}`]),
                statusCode: pick([undefined, 200, 503]),
            }),
    },
    {
        kind: "TunnelGroupBackend",
        make: (i) => new ngrok.TunnelGroupBackend(`group-${i}`, { description: `group ${i}, generation ${generation}, seed ${seed}`, labels: { app: `app${i}` } }),
    },
    {
        // Fails over to the response backend of an earlier row.
        kind: "FailoverBackend",
        make: (i) => new ngrok.FailoverBackend(`failover-${i}`, { description: `failover ${i}, generation ${generation}, seed ${seed}`, backends: [latest("HttpResponseBackend").id] }),
    },
    {
        kind: "IpRestriction",
        make: (i, pick) =>
            new ngrok.IpRestriction(`restriction-${i}`, {
                type: pick(["dashboard", "api", "agent", "endpoints"]),
                ipPolicyIds: [latest("IpPolicy").id],
                enforced: false,
                description: `restriction ${i}, generation ${generation}, seed ${seed}`,
            }),
    },
    {
        kind: "SshCredential",
        make: (i, pick) =>
            new ngrok.SshCredential(`ssh-${i}`, { publicKey: sshKey, description: `ssh ${i}, generation ${generation}, seed ${seed}`, acl: pick([[], [`bind:ssh${i}.${zone}`]]) }),
    },
    {
        kind: "AgentIngress",
        make: (i) => new ngrok.AgentIngress(`ingress-${i}`, { domain: `ingress${i}.s${seed}.example.net`, description: `ingress ${i}, generation ${generation}, seed ${seed}` }),
    },
    {
        kind: "CertificateAuthority",
        make: (i) => new ngrok.CertificateAuthority(`ca-${i}`, { caPem, description: `ca ${i}, generation ${generation}, seed ${seed}` }),
    },
    {
        kind: "EventDestination",
        make: (i, pick) =>
            new ngrok.EventDestination(`destination-${i}`, { description: `destination ${i}, generation ${generation}, seed ${seed}`, format: pick([undefined, "json"]), target: { debug: { log: true } } }),
    },
    {
        kind: "HttpsEdge",
        make: (i) => new ngrok.HttpsEdge(`https-edge-${i}`, { description: `https edge ${i}, generation ${generation}, seed ${seed}` }),
    },
    {
        // On the HTTPS edge of an earlier row; the modules after it configure its slots.
        kind: "HttpsEdgeRoute",
        make: (i, pick) =>
            new ngrok.HttpsEdgeRoute(`route-${i}`, {
                edgeId: latest("HttpsEdge").id,
                matchType: pick(["path_prefix", "exact_path"]),
                match: `/r${i}`,
                description: `route ${i}, generation ${generation}, seed ${seed}`,
            }),
    },
    {
        kind: "HttpsEdgeRouteCircuitBreaker",
        make: (i) => {
            const route = latest("HttpsEdgeRoute") as ngrok.HttpsEdgeRoute;
            return new ngrok.HttpsEdgeRouteCircuitBreaker(`breaker-${i}`, { edgeId: route.edgeId, routeId: route.id, errorThresholdPercentage: 0.5, numBuckets: 10 });
        },
    },
    {
        kind: "HttpsEdgeRouteIpRestriction",
        make: (i) => {
            const route = latest("HttpsEdgeRoute") as ngrok.HttpsEdgeRoute;
            return new ngrok.HttpsEdgeRouteIpRestriction(`route-restriction-${i}`, { edgeId: route.edgeId, routeId: route.id, ipPolicyIds: [latest("IpPolicy").id] });
        },
    },
    {
        kind: "TlsEdge",
        make: (i) => new ngrok.TlsEdge(`tls-edge-${i}`, { description: `tls edge ${i}, generation ${generation}, seed ${seed}` }),
    },
    {
        kind: "TlsEdgeTlsTermination",
        make: (i, pick) => new ngrok.TlsEdgeTlsTermination(`termination-${i}`, { edgeId: latest("TlsEdge").id, terminateAt: pick(["edge", "upstream"]) }),
    },
    {
        kind: "TlsEdgeBackend",
        make: (i) => new ngrok.TlsEdgeBackend(`tls-backend-${i}`, { edgeId: latest("TlsEdge").id, backendId: latest("TunnelGroupBackend").id }),
    },    {
        kind: "Vault",
        make: (i) => new ngrok.Vault(`vault-${i}`, { name: `r${seed}-vault-${i}`, description: `vault ${i}, generation ${generation}, seed ${seed}` }),
    },
    {
        // In the vault of an earlier row; the update step rotates its value.
        kind: "VaultSecret",
        make: (i, pick) =>
            new ngrok.VaultSecret(`secret-${i}`, {
                vaultId: latest("Vault").id,
                name: `secret-${i}`,
                value: `v${seed}x${i}g${generation}-${pick(["kQ7mZ2", "Tr9pW4", "aX3nB8"])}${(seed * 7919 + i * 104729).toString(36)}`,
                description: `secret ${i}, generation ${generation}, seed ${seed}`,
            }),
    },
    {
        kind: "ServiceUser",
        make: (i, pick) => new ngrok.ServiceUser(`service-user-${i}`, { name: `service ${i}, generation ${generation}, seed ${seed}`, active: pick([undefined, true, false]) }),
    },
    {
        // Owned by the caller or by the service user of an earlier row.
        kind: "ApiKey",
        make: (i, pick) =>
            new ngrok.ApiKey(`api-key-${i}`, {
                description: `api key ${i}, generation ${generation}, seed ${seed}`,
                ownerId: pick([undefined, latest("ServiceUser").id]),
            }),
    },
    {
        kind: "TcpAddress",
        make: (i, pick) => new ngrok.TcpAddress(`tcp-address-${i}`, { description: `tcp address ${i}, generation ${generation}, seed ${seed}`, region: pick([undefined, "us", "eu", "ap"]) }),
    },    {
        kind: "SshCertificateAuthority",
        make: (i, pick) =>
            new ngrok.SshCertificateAuthority(`ssh-ca-${i}`, {
                description: `ssh ca ${i}, generation ${generation}, seed ${seed}`,
                ...pick([{}, { privateKeyType: "ed25519" as const }, { privateKeyType: "ecdsa" as const, ellipticCurve: "p256" as const }]),
            }),
    },
    {
        // Signed by the authority of an earlier row.
        kind: "SshHostCertificate",
        make: (i, pick) =>
            new ngrok.SshHostCertificate(`ssh-host-cert-${i}`, {
                sshCertificateAuthorityId: latest("SshCertificateAuthority").id,
                publicKey: sshKey,
                principals: pick([[], [`h${i}.${zone}`]]),
                description: `ssh host certificate ${i}, generation ${generation}, seed ${seed}`,
            }),
    },
    {
        kind: "SshUserCertificate",
        make: (i, pick) =>
            new ngrok.SshUserCertificate(`ssh-user-cert-${i}`, {
                sshCertificateAuthorityId: latest("SshCertificateAuthority").id,
                publicKey: sshKey,
                principals: [`user${i}`],
                validUntil: "2035-01-01T00:00:00Z",
                extensions: pick([undefined, { "permit-pty": "" }]),
                description: `ssh user certificate ${i}, generation ${generation}, seed ${seed}`,
            }),
    },
];

const declared: Record<string, number> = {};
for (let i = 0; i < count; i++) {
    const row = kinds[i % kinds.length]!;
    (made[row.kind] ??= []).push(row.make(i, choices(i)));
    declared[row.kind] = (declared[row.kind] ?? 0) + 1;
}

/** What the program declares, per kind: the test compares it with the emulator's contents. */
export const resources = { ...declared, EventSubscription: subscriptions.length };

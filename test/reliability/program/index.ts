// Many resources of every kind, for the reliability suite (test/reliability/) and the benchmarks.
// Stack config:
// - `count`: how many resources of this package, dealt round-robin over the rows of `kinds`;
// - `seed`: picks each resource's optional inputs (the same seed gives the same program);
// - `generation` (default 0): the update step raises it: every description changes in place and
//   every fifth reserved domain gets a new domain (a replacement).
// A new resource kind is a new row of `kinds`.
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

/** The IP policies of the IpPolicy rows: an IpPolicyRule row adds a rule to the latest. */
const policies: ngrok.IpPolicy[] = [];

interface Row {
    kind: string;
    make: (i: number, pick: <T>(options: readonly T[]) => T) => pulumi.CustomResource;
}

const kinds: Row[] = [
    {
        kind: "Credential",
        make: (i, pick) =>
            new ngrok.Credential(`credential-${i}`, {
                description: `credential ${i}, generation ${generation}`,
                metadata: pick([undefined, JSON.stringify({ i, team: pick(["a", "b"]) })]),
                acl: pick([[], ["*"], [`bind:c${i}.${zone}`], [`bind:*.c${i}.${zone}`, "bind:env=ci"]]),
            }),
    },
    {
        kind: "ReservedDomain",
        make: (i, pick) =>
            new ngrok.ReservedDomain(`domain-${i}`, {
                domain: generation > 0 && i % 5 === 1 ? `d${i}-g${generation}.${zone}` : `d${i}.${zone}`,
                description: `domain ${i}, generation ${generation}`,
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
        make: (i, pick) => {
            const policy = new ngrok.IpPolicy(`policy-${i}`, { description: `policy ${i}, generation ${generation}`, metadata: pick([undefined, `{"i":${i}}`]) });
            policies.push(policy);
            return policy;
        },
    },
    {
        // Under the policy of the row before it.
        kind: "IpPolicyRule",
        make: (i, pick) =>
            new ngrok.IpPolicyRule(`rule-${i}`, {
                ipPolicyId: policies[policies.length - 1]!.id,
                cidr: pick([`10.${i % 256}.0.0/16`, `2001:db8:${i.toString(16)}::/48`]),
                action: pick(["allow", "deny"]),
                description: `rule ${i}, generation ${generation}`,
            }),
    },
    {
        kind: "HttpResponseBackend",
        make: (i, pick) =>
            new ngrok.HttpResponseBackend(`response-${i}`, {
                description: `response ${i}, generation ${generation}`,
                body: pick([undefined, `hello ${i}`]),
                statusCode: pick([undefined, 200, 503]),
            }),
    },
    {
        kind: "TunnelGroupBackend",
        make: (i) => new ngrok.TunnelGroupBackend(`group-${i}`, { description: `group ${i}, generation ${generation}`, labels: { app: `app${i}` } }),
    },
];

const declared: Record<string, number> = {};
for (let i = 0; i < count; i++) {
    const row = kinds[i % kinds.length]!;
    row.make(i, choices(i));
    declared[row.kind] = (declared[row.kind] ?? 0) + 1;
}

/** What the program declares, per kind: the test compares it with the emulator's contents. */
export const resources = { ...declared, EventSubscription: subscriptions.length };

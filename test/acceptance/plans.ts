/**
 * What `make acceptance` creates: one resource of every kind the definitions register (turned-off
 * kinds aside), in one stack per door. The kinds, which inputs update in place and which replace,
 * and where the run's prefix goes (description, metadata) come from provider/definitions; this file
 * gives only what the definitions cannot: valid kind-specific inputs, and a replacement for each
 * kind that has inputs that replace. A kind added to the definitions without a row here fails the
 * run at start, and `test/acceptance/plans.test.ts` in `make test`.
 */
import { definitions, isBoundKind, type BoundKind, type ResourceKind } from "../../provider";
import { turnedOffKinds } from "../../provider/definitions";
import type { Props } from "../../provider/contract";
import { makeCertificate } from "../support/certs";
import { sshPublicKeyLine } from "../support/ssh";

/** Every name the run makes starts with this, then the run's own part: the sweeper's mark. */
export const RUN_MARK = "pulumi-ngrok-acc-";

/** Another resource of the stack: its id, or (`field`) one of its outputs. */
export interface Ref {
  $ref: BoundKind;
}
export const ref = (kind: BoundKind): Ref => ({ $ref: kind });

export interface Naming {
  /** The run prefix of this stack, e.g. `pulumi-ngrok-acc-11281130-3f2a-d`: lower-case, DNS-safe. */
  prefix: string;
  /** Where the reserved domains live: a domain of the service's (ngrok.app). */
  domain: string;
  /** A domain of the account's own, where agent ingresses live. */
  ownDomain: string;
}

export interface KindPlan {
  /** The kind-specific inputs (description and metadata are added from the definition). */
  inputs: (n: Naming) => Promise<Props> | Props;
  /** Inputs that replace the resource: only inputs the definition marks `onChange: "replace"`. */
  replace?: (n: Naming) => Promise<Props> | Props;
  /** Why a kind whose definition has inputs that replace has no replacement here. */
  noReplace?: string;
}

const tlsPair = async (cn: string) => {
  const c = await makeCertificate({ name: `CN=${cn}`, dnsNames: [cn] });
  return { certificatePem: c.certificatePem, privateKeyPem: c.privateKeyPem };
};

export const plans: Partial<Record<BoundKind, KindPlan>> = {
  // The AI Gateway API's kinds (https://api.ngrok.ai): the prefix goes in their description or
  // metadata from the definitions, as for the others, and in their names.
  AiAccessKey: { inputs: (n) => ({ name: `${n.prefix}-app`, accessKeyConfigurationId: ref("AiAccessKeyConfiguration") }) },
  AiAccessKeyConfiguration: {
    // An `ngrok` step: no provider key to rotate or replace under it.
    inputs: (n) => ({ name: `${n.prefix}-config`, access: { providers: { allow: ["openai"] } }, router: { rules: [{ provider: "openai", steps: [{ type: "ngrok" }] }] } }),
  },
  AiApiKey: { inputs: (n) => ({ name: `${n.prefix}-ci` }) },
  AiCustomProvider: {
    // providerId is unique in the account: each stack's carries its prefix.
    inputs: (n) => ({
      providerId: `${n.prefix}-vllm`,
      name: `${n.prefix}-vllm`,
      baseUrl: `https://${n.prefix}-vllm.example.com/v1`,
      models: [{ modelId: "llama-3" }],
      supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }],
    }),
    replace: (n) => ({ providerId: `${n.prefix}-vllm2` }),
  },
  // The account's one AI Gateway configuration: it has no name, so the prefix is in its metadata.
  // Only the first door declares it (two stacks would fight over it); its destroy restores ngrok's
  // defaults, and the run checks it no longer carries the prefix. The sweeper never touches it.
  AiGatewayConfig: { inputs: () => ({ totalTimeout: "90s", perRequestTimeout: "30s", maxOutputTokens: 8192 }) },
  AiProviderKey: {
    inputs: (n) => ({ providerId: "openai", name: `${n.prefix}-openai`, value: `sk-${n.prefix}-one` }),
    replace: () => ({ providerId: "anthropic" }),
  },
  AgentIngress: { inputs: (n) => ({ domain: `${n.prefix}-ingress.${n.ownDomain}` }), replace: (n) => ({ domain: `${n.prefix}-ingress2.${n.ownDomain}` }) },
  AiGatewayApiKey: { inputs: () => ({ endpointId: ref("CloudEndpoint") }) },
  AiGatewayProviderKey: {
    inputs: (n) => ({ aiGatewayApiKeyId: ref("AiGatewayApiKey"), providerId: "openai", value: `sk-${n.prefix}-one` }),
    replace: (n) => ({ value: `sk-${n.prefix}-two` }),
  },
  ApiKey: { inputs: () => ({}), replace: () => ({ ownerId: ref("ServiceUser") }) },
  CertificateAuthority: {
    inputs: async (n) => ({ caPem: (await makeCertificate({ name: `CN=${n.prefix} ca`, ca: true })).certificatePem }),
    replace: async (n) => ({ caPem: (await makeCertificate({ name: `CN=${n.prefix} ca 2`, ca: true })).certificatePem }),
  },
  CloudEndpoint: {
    // Its policy runs `ai-gateway`: the endpoint the AI gateway's API key is for.
    inputs: (n) => ({
      url: `https://${n.prefix}-endpoint.internal`,
      trafficPolicy: { onHttpRequest: [{ actions: [{ type: "ai-gateway", config: {} }] }, { actions: [{ type: "custom-response", config: { statusCode: 503 } }] }] },
    }),
    replace: (n) => ({ url: `https://${n.prefix}-endpoint2.internal` }),
  },
  Credential: { inputs: (n) => ({ acl: [`bind:${n.prefix}-agent.internal`] }), replace: () => ({ ownerId: ref("ServiceUser") }) },
  EventDestination: { inputs: () => ({ target: { debug: { log: true } } }) },
  EventSource: { inputs: () => ({ subscriptionId: ref("EventSubscription"), type: "ip_policy_created.v0" }), replace: () => ({ type: "ip_policy_updated.v0" }) },
  EventSubscription: { inputs: () => ({}) },
  IpPolicy: { inputs: () => ({}) },
  IpPolicyRule: { inputs: () => ({ ipPolicyId: ref("IpPolicy"), cidr: "198.51.100.0/24", action: "allow" }), replace: () => ({ action: "deny" }) },
  IpRestriction: { inputs: () => ({ type: "dashboard", enforced: false, ipPolicyIds: [ref("IpPolicy")] }), replace: () => ({ type: "api" }) },
  ReservedDomain: { inputs: (n) => ({ domain: `${n.prefix}-domain.${n.domain}` }), replace: (n) => ({ domain: `${n.prefix}-domain2.${n.domain}` }) },
  ServiceUser: { inputs: (n) => ({ name: `${n.prefix}-service` }) },
  SshCertificateAuthority: { inputs: () => ({ privateKeyType: "ed25519" }), replace: () => ({ privateKeyType: "ecdsa", ellipticCurve: "p256" }) },
  SshCredential: {
    inputs: (n) => ({ publicKey: sshPublicKeyLine("ssh-ed25519", `${n.prefix}@acceptance`) }),
    replace: (n) => ({ publicKey: sshPublicKeyLine("ssh-ed25519", `${n.prefix}-2@acceptance`) }),
  },
  SshHostCertificate: {
    inputs: (n) => ({ sshCertificateAuthorityId: ref("SshCertificateAuthority"), publicKey: sshPublicKeyLine("ssh-ed25519", `root@${n.prefix}`), principals: [`${n.prefix}.example.com`] }),
    replace: (n) => ({ principals: [`${n.prefix}-2.example.com`] }),
  },
  SshUserCertificate: {
    inputs: (n) => ({ sshCertificateAuthorityId: ref("SshCertificateAuthority"), publicKey: sshPublicKeyLine("ssh-ed25519", `user@${n.prefix}`), principals: ["acceptance"] }),
    replace: () => ({ principals: ["acceptance-2"] }),
  },
  TcpAddress: { inputs: () => ({ region: "eu" }), replace: () => ({ region: "us" }) },
  TlsCertificate: { inputs: (n) => tlsPair(`${n.prefix}-tls.example.com`), replace: (n) => tlsPair(`${n.prefix}-tls2.example.com`) },
  Vault: { inputs: (n) => ({ name: `${n.prefix}-vault` }) },
  VaultSecret: {
    inputs: (n) => ({ vaultId: ref("Vault"), name: `${n.prefix}-secret`, value: `value-of-${n.prefix}` }),
    noReplace: "its one input that replaces, vaultId, would need a second vault",
  },
};

/** The API a kind is on: its own key, base URL and sweep. */
export type ApiName = "management" | "ai-gateway";
export const apiOf = (kind: BoundKind): ApiName => ((definitions[kind].binding as { api?: string }).api === "ai-gateway" ? "ai-gateway" : "management");

/** The account's singletons (one object, no name): declared by one stack only, never swept. */
export const isSingleton = (kind: BoundKind): boolean => definitions[kind].binding.kind === "singleton";

/** Why a kind is left out of the run, or undefined when it runs. */
export function leftOut(kind: BoundKind): string | undefined {
  if (turnedOffKinds.has(kind)) return "turned off by ngrok (its API answers ERR_NGROK_7008)";
  return undefined;
}

/** The kinds a run covers: every kind with a REST binding that ngrok has not turned off. */
export function runKinds(): BoundKind[] {
  return (Object.keys(definitions) as ResourceKind[]).filter(isBoundKind).filter((k) => leftOut(k) === undefined);
}

type Input = { onChange: "update" | "replace"; api: string };
function inputsOf(kind: BoundKind): Record<string, Input> {
  const out: Record<string, Input> = {};
  for (const [name, p] of Object.entries(definitions[kind].properties)) {
    const input = (p as { input?: Input }).input;
    if (input) out[name] = input;
  }
  return out;
}

/** The inputs of a kind that replace it, from its definition. */
export const replacingInputs = (kind: BoundKind): string[] => Object.entries(inputsOf(kind)).filter(([, i]) => i.onChange === "replace").map(([n]) => n);

/** Problems of the table against the definitions: a kind without a row, a replacement that would not replace. */
export function planProblems(): string[] {
  const problems: string[] = [];
  for (const kind of runKinds()) {
    const plan = plans[kind];
    if (plan === undefined) {
      problems.push(`${kind}: no row in test/acceptance/plans.ts`);
      continue;
    }
    if (replacingInputs(kind).length > 0 && plan.replace === undefined && plan.noReplace === undefined) {
      problems.push(`${kind}: its inputs ${replacingInputs(kind).join(", ")} replace it, and its row has no replace (or noReplace)`);
    }
  }
  return problems;
}

/** Checks a replacement's keys against the definition (the inputs are only known once made). */
export function replacementProblems(kind: BoundKind, replacement: Props): string[] {
  const replacing = replacingInputs(kind);
  return Object.keys(replacement).filter((k) => !replacing.includes(k)).map((k) => `${kind}: replace changes ${k}, which its definition updates in place`);
}

/** One resource of the program: the kind is also its name. */
export interface SpecResource {
  kind: BoundKind;
  inputs: Props;
  importId?: string;
}

/** The program's stack config `spec`: what test/acceptance/program declares. */
export interface Spec {
  resources: SpecResource[];
  /** Also look every resource up by id (`get<Kind>Output`) and export what was found. */
  lookups?: boolean;
}

const refsOf = (v: unknown): BoundKind[] => {
  if (Array.isArray(v)) return v.flatMap(refsOf);
  if (typeof v === "object" && v !== null) return "$ref" in v ? [(v as Ref).$ref] : Object.values(v).flatMap(refsOf);
  return [];
};

/** The property updated in place to show an update: `description`, else the first plain string input that updates. */
export function updatedProperty(kind: BoundKind, inputs: Props): string | undefined {
  const upd = inputsOf(kind);
  if (upd["description"]?.onChange === "update") return "description";
  return Object.keys(upd).find((k) => upd[k]!.onChange === "update" && typeof inputs[k] === "string" && String(inputs[k]).includes(RUN_MARK));
}

export interface Versions {
  /** Inputs of each kind at creation, the prefix in description and metadata where the kind has them. */
  created: Record<string, Props>;
  /** With the property `updatedProperty` names changed. */
  updated: Record<string, Props>;
  /** With the replacement applied (on top of `updated`). */
  replaced: Record<string, Props>;
  /** Kinds in an order where every reference comes before its use. */
  order: BoundKind[];
  /** Why a kind has no update or replace step. */
  notes: string[];
}

/** The inputs of every run kind for one stack, in dependency order. */
export async function versions(naming: Naming, kinds = runKinds()): Promise<Versions> {
  const created: Record<string, Props> = {};
  const updated: Record<string, Props> = {};
  const replaced: Record<string, Props> = {};
  const notes: string[] = [];
  for (const kind of kinds) {
    const plan = plans[kind];
    if (plan === undefined) throw new Error(`${kind}: no row in test/acceptance/plans.ts`);
    const inputs: Props = { ...(await plan.inputs(naming)) };
    const own = inputsOf(kind);
    if (own["description"]) inputs["description"] = `${naming.prefix} ${kind}`;
    if (own["metadata"]) inputs["metadata"] = JSON.stringify({ run: naming.prefix });
    created[kind] = inputs;
    const prop = updatedProperty(kind, inputs);
    if (prop === undefined) notes.push(`${kind}: no input updates in place: no update step`);
    updated[kind] = prop === undefined ? inputs : { ...inputs, [prop]: `${String(inputs[prop])}-updated` };
    if (plan.replace === undefined) {
      if (replacingInputs(kind).length > 0) notes.push(`${kind}: no replace step: ${plan.noReplace ?? "no replacement given"}`);
      replaced[kind] = updated[kind]!;
    } else {
      const r = await plan.replace(naming);
      const problems = replacementProblems(kind, r);
      if (problems.length > 0) throw new Error(problems.join("\n"));
      replaced[kind] = { ...updated[kind], ...r };
    }
  }
  // Dependency order over the union of references of every version.
  const order: BoundKind[] = [];
  const visit = (k: BoundKind, path: BoundKind[]): void => {
    if (order.includes(k)) return;
    if (path.includes(k)) throw new Error(`reference cycle: ${[...path, k].join(" -> ")}`);
    for (const d of new Set([...refsOf(created[k]), ...refsOf(replaced[k])])) {
      if (!kinds.includes(d)) throw new Error(`${k} refers to ${d}, which the run leaves out`);
      visit(d, [...path, k]);
    }
    order.push(k);
  };
  for (const k of kinds) visit(k, []);
  return { created, updated, replaced, order, notes };
}

/** The program's spec for one version of the inputs. */
export function specOf(v: Versions, which: "created" | "updated" | "replaced", extra: { importIds?: Record<string, string>; lookups?: boolean; kinds?: BoundKind[] } = {}): Spec {
  const kinds = v.order.filter((k) => extra.kinds === undefined || extra.kinds.includes(k));
  return {
    resources: kinds.map((kind) => ({ kind, inputs: v[which][kind]!, ...(extra.importIds?.[kind] ? { importId: extra.importIds[kind] } : {}) })),
    ...(extra.lookups ? { lookups: true } : {}),
  };
}

/** The kinds that refer to `kind`, directly or not. */
export function dependentsOf(v: Versions, kind: BoundKind): BoundKind[] {
  const out = new Set<BoundKind>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const k of v.order) {
      if (out.has(k) || k === kind) continue;
      const refs = new Set([...refsOf(v.created[k]), ...refsOf(v.replaced[k])]);
      if (refs.has(kind) || [...refs].some((r) => out.has(r))) {
        out.add(k);
        grew = true;
      }
    }
  }
  return [...out];
}

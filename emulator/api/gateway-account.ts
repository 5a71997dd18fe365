// What the Traffic Policy gateway reads of the account, from this API's collections as the store
// holds them: the cloud endpoints and their policies, IP policies, certificate authorities and
// vault secrets, each read at the time of the lookup.
import type { EndpointInfo } from "../gateway/types";
import type { SecretsSource } from "../gateway/secrets";
import type { Store } from "../shared/store";

/**
 * The cloud endpoints: the `endpoints` collection's items, their `url` and `traffic_policy`
 * (text, as the API stores it).
 */
export function cloudEndpoints(store: Store): EndpointInfo[] {
  return (
    store
      .all("endpoints")
      // The collection holds the cloud endpoints created through the API (their type is implied) and
      // may hold records written with an explicit `type: "cloud"`.
      .filter((rec) => (rec.data["type"] === undefined || rec.data["type"] === "cloud") && typeof rec.data["url"] === "string")
      .map((rec) => {
        const policy = rec.data["traffic_policy"];
        const bindings = rec.data["bindings"];
        const internal = Array.isArray(bindings) && bindings.includes("internal");
        return { id: rec.id, url: rec.data["url"] as string, ...(typeof policy === "string" ? { trafficPolicy: policy } : {}), ...(internal ? { internal } : {}) };
      })
  );
}

/** An IP policy's CIDRs by action, from its IP policy rules. */
export function ipPolicyCidrs(store: Store, id: string): { allow: string[]; deny: string[] } | undefined {
  if (store.get("ip_policies", id) === undefined) return undefined;
  const out = { allow: [] as string[], deny: [] as string[] };
  for (const rule of store.all("ip_policy_rules")) {
    if (rule.data["ip_policy_id"] !== id) continue;
    (rule.data["action"] === "deny" ? out.deny : out.allow).push(String(rule.data["cidr"]));
  }
  return out;
}

/** A certificate authority's PEM. */
export function certificateAuthorityPem(store: Store, id: string): string | undefined {
  const pem = store.get("certificate_authorities", id)?.data["ca_pem"];
  return typeof pem === "string" ? pem : undefined;
}

/** The vaults and their secrets. */
export function vaultSecrets(store: Store): SecretsSource {
  return {
    get(vault, name) {
      const v = store.all("vaults").find((rec) => rec.data["name"] === vault);
      if (v === undefined) return undefined;
      const s = store.all("vault_secrets").find((rec) => rec.data["vault_id"] === v.id && rec.data["name"] === name);
      return typeof s?.data["value"] === "string" ? s.data["value"] : undefined;
    },
  };
}

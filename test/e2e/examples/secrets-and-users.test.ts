/** examples/secrets-and-users end to end: see ../lifecycle.ts. */
import { describeExample, type Row } from "../lifecycle";

jest.setTimeout(15 * 60_000);

// examples/secrets-and-users/index.ts reads the secret config `upstreamToken` (rotated in place),
// `vaultDescription`, `deployerActive`, `keyDescription`, `aiKeyDescription`, `providerKeyDescription`
// and `dbDescription` (updated in place), and `secretVault`, `keyOwner` and `dbRegion` and the secret
// `openaiKey` (each replaces its resource): every immutable input of the six kinds. The AI gateway
// key has none (its endpoint changes in place: test/provider/kinds/account-resources.test.ts); its token
// is a secret output like the API key's. The provider key's value is write-only (ngrok's API reference:
// snippets/obs/_ai-gateway-provider-key-create.mdx in github.com/ngrok/ngrok-docs) and its update takes
// description and metadata only, so a new value replaces it.
const vaults = (appDescription: string): Row[] => [
  { name: "app-secrets", description: appDescription },
  { name: "shared-secrets", description: "secrets every team reads" },
];
// The API never answers a secret's value: a row has none (the rotation shows as a planned update).
const secret = (vaultName: string): Row => ({ name: "upstream-token", vault_name: vaultName, description: "the token the upstream expects" });
const aiGateway: Row = { url: "https://ai-gateway.internal", description: "the app's AI Gateway", type: "cloud" };
const aiKey = (description: string): Row => ({ description, endpoint: { id: expect.stringMatching(/^ep_/), uri: expect.any(String) }, token: null });
// The API answers the value only redacted (`display_name`, e.g. `sk-abc***xyz`), never whole.
const providerKey = (description: string, shown: string): Row => ({
  description,
  provider_id: "openai",
  ai_gateway_api_key: { id: expect.any(String), uri: expect.any(String) },
  display_name: shown,
});
const addr = (region: string): Row => ({ region, addr: expect.stringMatching(new RegExp(`\\.tcp\\.${region === "us" ? "" : `${region}\\.`}ngrok\\.io:[0-9]+$`)) });

describeExample("secrets-and-users", {
  kinds: ["vaults", "vault_secrets", "service_users", "api_keys", "endpoints", "ai_gateway_api_keys", "ai_gateway_provider_keys", "reserved_addrs"],
  config: {},
  secretConfig: { upstreamToken: "upstream-t0ken-first-value", openaiKey: "sk-proj-first-0123456789abcdef" },
  expect: {
    vaults: vaults("the app's secrets"),
    vault_secrets: [secret("app-secrets")],
    service_users: [{ name: "ci-deployer", active: true }],
    api_keys: [{ description: "CI deployments", owner_id: expect.stringMatching(/^usr_/), token: null }],
    endpoints: [aiGateway],
    ai_gateway_api_keys: [aiKey("the chat app")],
    ai_gateway_provider_keys: [providerKey("OpenAI, production", "sk-pro***def")],
    reserved_addrs: [{ description: "postgres", ...addr("eu") }],
  },
  secretOutputs: { "upstream-token": ["value"], "deployer-key": ["token"], "chat-app-key": ["token"], "chat-app-openai": ["value"] },
  // Someone deactivates the service user by hand: refresh shows it, `up --refresh` puts back `true`.
  drift: { kind: "service_users", path: "/service_users", body: { active: false }, field: "active" },
  steps: [
    {
      name: "in-place update (a rotated secret, descriptions, deactivation)",
      config: {
        vaultDescription: "the app's secrets, rotated monthly",
        deployerActive: "false",
        keyDescription: "CI deployments (prod)",
        aiKeyDescription: "the chat app (prod)",
        providerKeyDescription: "OpenAI, production (primary)",
        dbDescription: "postgres primary",
      },
      secretConfig: { upstreamToken: "upstream-t0ken-rotated-value", openaiKey: "sk-proj-first-0123456789abcdef" },
      expect: {
        vaults: vaults("the app's secrets, rotated monthly"),
        vault_secrets: [secret("app-secrets")],
        service_users: [{ name: "ci-deployer", active: false }],
        api_keys: [{ description: "CI deployments (prod)" }],
        endpoints: [aiGateway],
        ai_gateway_api_keys: [aiKey("the chat app (prod)")],
        ai_gateway_provider_keys: [providerKey("OpenAI, production (primary)", "sk-pro***def")],
        reserved_addrs: [{ description: "postgres primary", ...addr("eu") }],
      },
      ids: { vaults: "same", vault_secrets: "same", service_users: "same", api_keys: "same", endpoints: "same", ai_gateway_api_keys: "same", ai_gateway_provider_keys: "same", reserved_addrs: "same" },
      ops: { app: "update", "upstream-token": "update", deployer: "update", "deployer-key": "update", "chat-app-key": "update", "chat-app-openai": "update", db: "update" },
    },
    {
      name: "replacement (secretVault, keyOwner, dbRegion, a rotated provider key)",
      config: { secretVault: "shared", keyOwner: "deployer", dbRegion: "us" },
      secretConfig: { upstreamToken: "upstream-t0ken-rotated-value", openaiKey: "sk-proj-rotated-zyxwvutsrq98765" },
      expect: {
        vaults: vaults("the app's secrets, rotated monthly"),
        vault_secrets: [secret("shared-secrets")],
        service_users: [{ name: "ci-deployer", active: false }],
        api_keys: [{ description: "CI deployments (prod)", owner_id: expect.stringMatching(/^service_/) }],
        endpoints: [aiGateway],
        ai_gateway_api_keys: [aiKey("the chat app (prod)")],
        ai_gateway_provider_keys: [providerKey("OpenAI, production (primary)", "sk-pro***765")],
        reserved_addrs: [{ description: "postgres primary", ...addr("us") }],
      },
      ids: { vaults: "same", vault_secrets: "new", service_users: "same", api_keys: "new", endpoints: "same", ai_gateway_api_keys: "same", ai_gateway_provider_keys: "new", reserved_addrs: "new" },
      ops: { "upstream-token": "replace", "deployer-key": "replace", "chat-app-openai": "replace", db: "replace" },
    },
  ],
});

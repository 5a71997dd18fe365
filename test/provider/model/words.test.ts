/** The article before a word follows how the word is said: type names, abbreviations, ngrok's own name. */
import { article } from "../../../provider/words";

it.each([
  ["HttpsEdge", "an"],
  ["HttpsEdgeRoute", "an"],
  ["HttpResponseBackend", "an"],
  ["IpPolicy", "an"],
  ["IpRestriction", "an"],
  ["SshCredential", "an"],
  ["EventSource", "an"],
  ["EventDestination", "an"],
  ["AgentIngress", "an"],
  ["AgentCommand", "an"],
  ["OidcProvider", "an"],
  ["Credential", "a"],
  ["CertificateAuthority", "a"],
  ["ReservedDomain", "a"],
  ["TlsEdge", "a"],
  ["TlsCertificate", "a"],
  ["TunnelGroupBackend", "a"],
  ["FailoverBackend", "a"],
  ["URL", "a"],
  ["HTTPS edge", "an"],
  ["IPPolicy", "an"],
  ["SSH key", "an"],
  ["TLS edge", "a"],
  ["ngrok", "an"],
  ["ngrok agent", "an"],
  ["endpoint", "an"],
  ["tunnel session", "a"],
  ["tunnel", "a"],
  ["user", "a"],
  ["hour", "an"],
  ["id", "an"],
  ["edge", "an"],
])("%s takes %s", (word, expected) => {
  expect(`${article(word)} ${word}`).toBe(`${expected} ${word}`);
});

import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=domains
//   make down EXAMPLE=domains
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
const config = new pulumi.Config();
// Changing `domain` or `ingressDomain` replaces that resource; `description`, `keyType` and
// `autoCertificates` change resources in place.
const domainName = config.get("domain") ?? "shop.example.com";
const ingressDomain = config.get("ingressDomain") ?? "agents.example.com";
const description = config.get("description") ?? "Example storefront";
const keyType = config.get("keyType") === "rsa" ? "rsa" : "ecdsa";
const autoCertificates = config.getBoolean("autoCertificates") ?? true;

// EXAMPLE-ONLY certificates and key, published in this repository (see certs/README.md). Use your
// own, kept out of version control, for real domains.
const certs = (file: string) => fs.readFileSync(path.join(__dirname, "certs", file), "utf8");

// An uploaded certificate (leaf first, then its CA). The private key is a plain string here, yet
// it is stored encrypted in the stack's state and never printed.
const cert = new ngrok.TlsCertificate("storefront-cert", {
    certificatePem: certs("example-wildcard.pem") + certs("example-ca.pem"),
    privateKeyPem: certs("example-wildcard.key"),
    description: `${description}: uploaded wildcard certificate`,
});

// A custom domain served with that certificate; point a CNAME at `cnameTarget`.
const storefront = new ngrok.ReservedDomain("storefront", {
    domain: domainName,
    certificateId: cert.id,
    description,
});

// Agents connect through regional subdomains of a domain delegated with NS records; the service
// issues their certificates (removing the policy turns that off).
const agents = new ngrok.AgentIngress("agents", {
    domain: ingressDomain,
    description: `${description}: agent ingress`,
    certificateManagementPolicy: autoCertificates ? { authority: "letsencrypt", privateKeyType: keyType } : undefined,
});

// A CA whose client certificates mutual TLS can require.
const clientCa = new ngrok.CertificateAuthority("client-ca", {
    caPem: certs("example-ca.pem"),
    description: `${description}: client certificate authority`,
});

export const hostname = storefront.domain;
export const cnameTarget = storefront.cnameTarget;
export const certificateId = cert.id;
export const certificateNames = cert.subjectAlternativeNames;
export const certificateExpires = cert.notAfter;
export const nsTargets = agents.nsTargets;
export const agentDomains = agents.regionDomains;
export const clientCaSubject = clientCa.subjectCommonName;

# Every resource type of ngrok's Terraform provider (registry.terraform.io/providers/ngrok/ngrok,
# v0.8), as its documentation writes them, for `pulumi convert --from terraform`
# (test/e2e/convert-terraform.test.ts). The certificates and key are EXAMPLE-ONLY copies of
# examples/domains/certs (see its README).
terraform {
  required_providers {
    ngrok = {
      source  = "ngrok/ngrok"
      version = "~> 0.8"
    }
  }
}

variable "datadog_api_key" {
  type      = string
  sensitive = true
}

variable "deploy_token" {
  type      = string
  sensitive = true
}

variable "partner_policy_id" {
  type = string
}

# A policy made elsewhere, read by its id.
data "ngrok_ip_policy" "partners" {
  id = var.partner_policy_id
}

resource "ngrok_ip_policy" "office" {
  description = "office networks"
  metadata    = jsonencode({ owner = "platform" })
}

resource "ngrok_ip_policy_rule" "office_v4" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "203.0.113.0/24"
  action       = "allow"
  description  = "office (IPv4)"
}

resource "ngrok_ip_restriction" "dashboard" {
  type          = "dashboard"
  ip_policy_ids = [ngrok_ip_policy.office.id, data.ngrok_ip_policy.partners.id]
  enforced      = false
}

resource "ngrok_credential" "agents" {
  description = "agents"
  acl         = ["bind:*.terraform.example.com"]
}

resource "ngrok_ssh_credential" "deploy" {
  description = "deploy host"
  public_key  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDFKDI4H04cv24qegY3kpmrbnASPiKTNuI/sltQnF2f6 deploy@example"
  acl         = ["bind:deploy.terraform.example.com"]
}

resource "ngrok_service_user" "ci" {
  name = "ci"
}

resource "ngrok_api_key" "ci" {
  description = "ci"
  owner_id    = ngrok_service_user.ci.id
}

resource "ngrok_certificate_authority" "clients" {
  description = "client certificates"
  ca_pem      = file("example-ca.pem")
}

resource "ngrok_tls_certificate" "wildcard" {
  description     = "wildcard"
  certificate_pem = file("example-wildcard.pem")
  private_key_pem = file("example-wildcard.key")
}

resource "ngrok_domain" "app" {
  domain         = "app.terraform.example.com"
  certificate_id = ngrok_tls_certificate.wildcard.id
}

resource "ngrok_domain" "api" {
  domain = "api.terraform.example.com"
  certificate_management_policy = {
    authority        = "letsencrypt"
    private_key_type = "ecdsa"
  }
}

resource "ngrok_agent_ingress" "agents" {
  domain      = "agents.terraform.example.com"
  description = "agents"
}

resource "ngrok_tcp_address" "db" {
  description = "database"
  region      = "us"
}

resource "ngrok_ssh_certificate_authority" "hosts" {
  description      = "hosts"
  private_key_type = "ed25519"
}

resource "ngrok_vault" "team" {
  name        = "team"
  description = "team secrets"
}

resource "ngrok_secret" "deploy_token" {
  name     = "deploy-token"
  value    = var.deploy_token
  vault_id = ngrok_vault.team.id
}

resource "ngrok_event_destination" "logs" {
  description = "logs"
  format      = "json"
  target = {
    datadog = {
      api_key = var.datadog_api_key
      ddsite  = "datadoghq.com"
    }
  }
}

resource "ngrok_event_subscription" "endpoints" {
  description     = "endpoint changes"
  destination_ids = [ngrok_event_destination.logs.id]
  sources = [
    { type = "endpoint_created.v0" },
  ]
}

resource "ngrok_cloud_endpoint" "app" {
  url         = "https://${ngrok_domain.app.domain}"
  description = "app"
  traffic_policy = jsonencode({
    on_http_request = [{
      actions = [{ type = "custom-response", config = { status_code = 200, body = "hello" } }]
    }]
  })
}

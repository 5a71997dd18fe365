/**
 * The webhook providers the service verifies, as listed by the API reference of the webhook
 * verification module ("must be one of the supported providers defined at
 * https://ngrok.com/docs/cloud-edge/modules/webhook-verification"; https://ngrok.com/docs/api).
 * Every provider needs a `secret` except AWS SNS, whose messages are signed by AWS.
 */
export const webhookProviders = [
  "aftership", "airship", "alchemy", "autodesk", "bitbucket", "bolt", "box", "brex", "buildkite", "calendly",
  "castle", "chargify", "circleci", "clearbit", "clerk", "coinbase", "contentful", "docusign", "dropbox",
  "facebook_graph_api", "facebook_messenger", "frameio", "github", "gitlab", "go1", "graphcms", "heroku",
  "hostedhooks", "hubspot", "instagram", "intercom", "jira", "launch_darkly", "linear", "mailchimp", "mailgun",
  "microsoft_teams", "modern_treasury", "mongodb", "mux", "orb", "orbit", "pagerduty", "pinwheel", "plivo",
  "pusher", "sendgrid", "sentry", "shopify", "signal_sciences", "slack", "sns", "sonatype", "square", "stripe",
  "svix", "terraform", "tiktok", "trendmicro_conformity", "twilio", "twitter", "typeform", "vmware", "webex",
  "whatsapp", "worldline", "xero", "zendesk", "zoom",
] as const;

/** Providers whose requests are verified without a shared secret. */
export const providersWithoutSecret: readonly string[] = ["sns"];

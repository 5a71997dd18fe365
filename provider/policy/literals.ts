/**
 * The literal values of an action's config that ngrok checks when a policy is saved, with the
 * code of ngrok's error list (https://ngrok.com/docs/errors/) each refusal carries: a CIDR, an IP
 * policy id, a regular expression (RE2's syntax, as ngrok's Go gateway compiles it, with re2js),
 * a URL, a header's name and value, verify-webhook's provider. A value written with `${...}` is
 * known only when the policy runs. Messages never quote the value.
 */
import { isIP } from "node:net";

export type Literal = "cidr" | "ip-policy" | "regex" | "url" | "header-name" | "header-value" | "webhook-provider";

/** verify-webhook's providers, by the identifiers of https://ngrok.com/docs/traffic-policy/actions/verify-webhook/#supported-providers. */
export const WEBHOOK_PROVIDERS: readonly string[] = [
  "aftership", "airship", "alchemy", "autodesk", "bitbucket", "bolt", "box", "brex", "buildkite", "calendly", "castle", "chargify",
  "circleci", "clearbit", "clerk", "coinbase", "contentful", "docusign", "dropbox", "facebook_graph_api", "facebook_messenger",
  "frameio", "github", "gitlab", "go1", "graphcms", "heroku", "hostedhooks", "hubspot", "instagram", "intercom", "jira",
  "launch_darkly", "linear", "mailchimp", "mailgun", "microsoft_teams", "modern_treasury", "mongodb", "mux", "orb", "orbit",
  "pagerduty", "pinwheel", "plivo", "pusher", "sendgrid", "sentry", "shopify", "signal_sciences", "slack", "sns", "sonatype",
  "square", "stripe", "svix", "terraform", "tiktok", "trendmicro_conformity", "twilio", "twitter", "typeform", "vmware", "webex",
  "whatsapp", "worldline", "xero", "zendesk", "zoom",
];

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function cidr(text: string): boolean {
  const parts = text.trim().split("/");
  if (parts.length > 2) return false;
  const family = isIP(parts[0]!);
  if (family === 0) return false;
  return parts[1] === undefined || (/^\d{1,3}$/.test(parts[1]) && Number(parts[1]) <= (family === 4 ? 32 : 128));
}

function url(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const u = new URL(text);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** What is wrong with a literal, ending with ngrok's code; undefined when nothing is (or when it holds a `${...}`). */
export function literalProblem(literal: Literal, value: string): string | undefined {
  if (value.includes("${")) return undefined;
  switch (literal) {
    case "cidr":
      return cidr(value) ? undefined : "must be an IP address or a CIDR such as 10.0.0.0/8 (ERR_NGROK_2217)";
    case "ip-policy":
      return /^ipp_[0-9A-Za-z]+$/.test(value) ? undefined : "must be an IP policy's id, ipp_... (ERR_NGROK_2216)";
    case "regex": {
      const { RE2JS } = require("re2js") as typeof import("re2js");
      try {
        RE2JS.compile(value);
        return undefined;
      } catch (err) {
        // RE2's message ends by quoting the part of the pattern it stopped at.
        const why = (err instanceof Error ? err.message : String(err)).replace(/: `[\s\S]*`$/, "");
        return `must be a regular expression in RE2's syntax: ${why} (ERR_NGROK_2261)`;
      }
    }
    case "url":
      return url(value) ? undefined : "must be an http or https URL (ERR_NGROK_2226)";
    case "header-name":
      return HEADER_NAME.test(value) ? undefined : "must be a header name: letters, digits and !#$%&'*+-.^_`|~, no space (ERR_NGROK_2210)";
    case "header-value":
      return /^[^\x00-\x08\x0a-\x1f\x7f]*$/.test(value) ? undefined : "must be a header value: no line break or other control character (ERR_NGROK_2211)";
    case "webhook-provider":
      return WEBHOOK_PROVIDERS.includes(value) ? undefined : "must be one of verify-webhook's providers, such as github or stripe (https://ngrok.com/docs/traffic-policy/actions/verify-webhook/) (ERR_NGROK_2204)";
  }
}

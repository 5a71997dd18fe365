// The literal values of an action's config that ngrok checks when a policy is saved, each refused
// with the code of ngrok's error list (https://ngrok.com/docs/errors/): CIDRs (2217), IP policy
// ids (2216), regular expressions (RE2's syntax, 2261), URLs (2226), header names (2210) and
// values (2211), and verify-webhook's provider (2204). A value written with `${...}` is known only
// when the policy runs, and is checked then.
import { isIP } from "node:net";
import { RE2JS } from "re2js";

export type Literal = "cidr" | "ip-policy" | "regex" | "url" | "header-name" | "header-value" | "webhook-provider";

/** Why ngrok refuses a literal: its code, what is wrong (quoting nothing), and the message ngrok's API answers with. */
export interface LiteralRefusal {
  code: string;
  why: string;
  apiMessage: string;
}

/** The providers of https://ngrok.com/docs/traffic-policy/actions/verify-webhook/#supported-providers, by identifier. */
export const DOCUMENTED_WEBHOOK_PROVIDERS: readonly string[] = [
  "aftership", "airship", "alchemy", "sns", "autodesk", "bitbucket", "bolt", "box", "brex", "buildkite", "calendly", "castle",
  "chargify", "circleci", "clearbit", "clerk", "coinbase", "contentful", "docusign", "dropbox", "facebook_graph_api",
  "facebook_messenger", "frameio", "github", "gitlab", "go1", "heroku", "hostedhooks", "hubspot", "graphcms", "instagram",
  "intercom", "jira", "launch_darkly", "linear", "mailchimp", "mailgun", "microsoft_teams", "modern_treasury", "mongodb", "mux",
  "orb", "orbit", "pagerduty", "pinwheel", "plivo", "pusher", "sendgrid", "sentry", "shopify", "signal_sciences", "slack",
  "sonatype", "square", "stripe", "svix", "terraform", "tiktok", "trendmicro_conformity", "twilio", "twitter", "typeform",
  "vmware", "webex", "whatsapp", "worldline", "xero", "zendesk", "zoom",
];

/** An IP address, or a CIDR whose prefix fits its family (Go's net.ParseCIDR, or net.ParseIP). */
export function isCidr(text: string): boolean {
  const [addr = "", bits, ...rest] = text.split("/");
  const family = isIP(addr);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32);
}

/** An HTTP header name: RFC 9110's token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why RE2 refuses a pattern (Go's regexp/syntax message, without the pattern it quotes), or undefined. */
export function regexError(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).replace(/: `[\s\S]*`$/, "");
  }
}

/** Why ngrok refuses `value` as a `literal` of `type`'s field `field` in `phase`, or undefined; a `${...}` value is left to run time. */
export function literalRefusal(literal: Literal, value: string, type: string, field: string, phase: string): LiteralRefusal | undefined {
  if (value.includes("${")) return undefined;
  switch (literal) {
    case "cidr":
      return isCidr(value.trim()) ? undefined : { code: "ERR_NGROK_2217", why: "is not an IP address or a CIDR", apiMessage: `Invalid CIDR(s): \`${value}\`.` };
    case "ip-policy":
      return /^ipp_[0-9A-Za-z]+$/.test(value) ? undefined : { code: "ERR_NGROK_2216", why: "is not an IP policy id (ipp_...)", apiMessage: `Invalid IP Policy Reference(s): \`${value}\`.` };
    case "regex": {
      const err = regexError(value);
      return err === undefined
        ? undefined
        : { code: "ERR_NGROK_2261", why: `is not a valid regular expression (RE2): ${err}`, apiMessage: `Failed to parse the configuration for policy action type \`${type}\`. Field \`${field}\` is not a valid regular expression. ERROR: \`${err}\`.` };
    }
    case "url": {
      let ok = false;
      try {
        const u = new URL(value);
        ok = (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "" && !/\s/.test(value);
      } catch {
        ok = false;
      }
      return ok ? undefined : { code: "ERR_NGROK_2226", why: "must be an http or https URL", apiMessage: `Invalid configuration for ${type}: ${field} must be a URL, but was ${value}.` };
    }
    case "header-name":
      return TOKEN.test(value) ? undefined : { code: "ERR_NGROK_2210", why: "is not a valid header name", apiMessage: `Failed to parse configuration for ${phase} ${type}: name is invalid \`${value}\`.` };
    case "header-value":
      // The value is quoted escaped, its line break as \n. RFC 9110's field value: visible characters, spaces and tabs; no line break or other control character.
      return /^[^\x00-\x08\x0a-\x1f\x7f]*$/.test(value) ? undefined : { code: "ERR_NGROK_2211", why: "is not a valid header value: it has a line break or a control character", apiMessage: `Failed to parse configuration for ${phase} ${type}: value is invalid \`${JSON.stringify(value).slice(1, -1)}\`.` };
    case "webhook-provider":
      return DOCUMENTED_WEBHOOK_PROVIDERS.includes(value)
        ? undefined
        : { code: "ERR_NGROK_2204", why: "is not a provider verify-webhook supports (https://ngrok.com/docs/traffic-policy/actions/verify-webhook/)", apiMessage: `Configuration for policy action type \`${type}\` has invalid value: \`${field}\`.` };
  }
}

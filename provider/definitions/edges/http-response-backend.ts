import { createdAt, description, metadata, uri } from "../common";
import type { Props, BoundDefinition } from "../../contract";

/** The service stores header names lower-cased (HTTP header names are case-insensitive). */
export function normalizeHeaders(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value as Props).map(([name, v]) => [name.toLowerCase(), v]));
}

export const httpResponseBackend: BoundDefinition = {
  name: "HttpResponseBackend",
  description: "A backend that answers every request with a fixed HTTP response: a maintenance page, a redirect, a health check.",
  binding: { kind: "collection", path: "/backends/http_response", idPrefix: "bkdhr", listKey: "backends" },
  properties: {
    description: description("What the response is for."),
    metadata: metadata(),
    body: {
      type: { kind: "string" },
      description: "The response body. Absent means empty.",
      input: { api: "body", onChange: "update", unset: "clear" },
    },
    headers: {
      type: { kind: "map", values: { kind: "string" } },
      description:
        "Response headers, name to value. The service stores the names lower-cased, so a name's case is never a change; two names that differ only in case are refused at preview.",
      input: { api: "headers", onChange: "update", unset: "clear" },
      normalize: normalizeHeaders,
    },
    statusCode: {
      type: { kind: "integer", min: 100, max: 599 },
      description: "The response's HTTP status, 100 to 599 (checked at preview). When absent, the service's default (200) is kept.",
      input: { api: "status_code", onChange: "update", unset: "computed" },
    },
    uri,
    createdAt,
  },
  rules: [
    {
      properties: ["headers"],
      summary: "`headers` may not name a header twice (names are case-insensitive).",
      violated: (inputs) => {
        const headers = inputs.headers;
        if (typeof headers !== "object" || headers === null) return undefined;
        const names = Object.keys(headers).map((n) => n.toLowerCase());
        return new Set(names).size !== names.length ? "headers names a header twice, in different cases (header names are case-insensitive)" : undefined;
      },
    },
  ],
  example: `const maintenance = new ngrok.HttpResponseBackend("maintenance", {
    statusCode: 503,
    body: "Down for maintenance",
    headers: { "Content-Type": "text/plain", "Retry-After": "600" },
});`,
};

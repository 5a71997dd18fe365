// What the API reference documents and the emulator does not serve. A request there is told so
// (501, naming the path or field) rather than answered 404 "Resource not found", which would
// read as a wrong path or a missing resource.
import { ApiFailure } from "../../shared/errors";

/**
 * The operations of ngrok's public API description (OpenAPI, version 2) that no collection of
 * the emulator serves. Edge modules are the ones a program is most likely to reach.
 */
export const DOCUMENTED_PATHS = [
  "/abuse_reports",
  "/abuse_reports/{id}",
  "/backends/static",
  "/backends/static/{id}",
  "/backends/weighted",
  "/backends/weighted/{id}",
  "/edges/https/{edge_id}/routes/{id}/backend",
  "/edges/https/{edge_id}/routes/{id}/compression",
  "/edges/https/{edge_id}/routes/{id}/oauth",
  "/edges/https/{edge_id}/routes/{id}/request_headers",
  "/edges/https/{edge_id}/routes/{id}/response_headers",
  "/edges/https/{edge_id}/routes/{id}/saml",
  "/edges/https/{edge_id}/routes/{id}/traffic_policy",
  "/edges/https/{edge_id}/routes/{id}/websocket_tcp_converter",
  "/edges/https/{id}/mutual_tls",
  "/edges/https/{id}/tls_termination",
  "/edges/tcp",
  "/edges/tcp/{id}",
  "/edges/tcp/{id}/backend",
  "/edges/tcp/{id}/ip_restriction",
  "/edges/tcp/{id}/traffic_policy",
  "/edges/tls/{id}/mutual_tls",
  "/edges/tls/{id}/traffic_policy",
  "/reserved_domains/{id}/certificate",
  "/reserved_domains/{id}/certificate_management_policy",
] as const;

/** Module fields of a create body that the API takes and the emulator does not serve, by collection. */
export const UNSERVED_INLINE_MODULES: Readonly<Record<"https_edges" | "https_edge_routes" | "tls_edges", readonly string[]>> = {
  https_edges: ["mutual_tls", "tls_termination"],
  https_edge_routes: ["backend", "compression", "request_headers", "response_headers", "oauth", "saml", "websocket_tcp_converter", "traffic_policy"],
  tls_edges: ["mutual_tls", "traffic_policy"],
};

function matches(template: string, parts: readonly string[]): boolean {
  const segments = template.split("/").slice(1);
  return segments.length === parts.length && segments.every((s, i) => (s.startsWith("{") ? parts[i] !== "" : s === parts[i]));
}

/** The documented path template `path` falls under, when no collection serves it. */
export function unservedPath(path: string): string | undefined {
  const parts = path.split("/").slice(1);
  return DOCUMENTED_PATHS.find((t) => matches(t, parts));
}

export function notSupported(what: string): ApiFailure {
  return new ApiFailure(501, undefined, `${what} is part of the ngrok API but not supported by this emulator.`);
}

/** Refuses a create body's module fields that the emulator does not serve (501, naming the field). */
export function refuseUnservedModules(kind: keyof typeof UNSERVED_INLINE_MODULES, body: Record<string, unknown>): void {
  for (const field of UNSERVED_INLINE_MODULES[kind]) {
    if (body[field] !== undefined && body[field] !== null) throw notSupported(`The '${field}' module`);
  }
}

/**
 * A plain HTTP reverse proxy in front of an emulator (node:http), as a company gateway or a
 * test harness puts one: the client's base URL is the proxy's, and the emulator sees the
 * proxy's connection. `forwarded` says what the proxy tells the emulator of the address the
 * client used: the standard `Forwarded` header, `X-Forwarded-Host`/`-Proto`, the client's own
 * `Host` passed through, or nothing (the Host is rewritten to the emulator's address).
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Forwarding = "forwarded" | "x-forwarded" | "host" | "none";

export interface Proxy {
  /** "http://127.0.0.1:<port>": the base URL a client uses. */
  readonly url: string;
  /** Requests the proxy has passed on. */
  readonly passed: number;
  close(): Promise<void>;
}

export async function startProxy(upstream: string, forwarding: Forwarding): Promise<Proxy> {
  const target = new URL(upstream);
  let passed = 0;
  const server: Server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers };
    const clientHost = req.headers.host ?? "";
    if (forwarding !== "host") headers.host = target.host;
    if (forwarding === "forwarded") headers["forwarded"] = `host="${clientHost}";proto=http`;
    if (forwarding === "x-forwarded") {
      headers["x-forwarded-host"] = clientHost;
      headers["x-forwarded-proto"] = "http";
    }
    passed++;
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get passed() {
      return passed;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

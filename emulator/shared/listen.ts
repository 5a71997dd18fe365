// Listening and closing, as every listener of the emulator does it: the two APIs, the Traffic
// Policy gateway and the AI gateway.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo, Server as NetServer } from "node:net";

/**
 * An HTTP server, or an HTTPS one with this certificate and key (PEM). Idle connections stay open
 * longer than clients keep them (the provider's client: 10 s), so that a client never sends on a
 * socket the server has just closed as idle.
 */
export function httpServer(tls: { cert: string; key: string } | undefined, onRequest: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return tls === undefined
    ? createServer({ keepAliveTimeout: 65_000 }, onRequest)
    : createTlsServer({ keepAliveTimeout: 65_000, cert: tls.cert, key: tls.key }, onRequest);
}

/** Starts listening on `host`:`port` (0: an ephemeral port); rejects when the address is taken. */
export async function listen(server: NetServer, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}

/** The origin a listening address is reached at, e.g. "http://127.0.0.1:4040" or "https://[::1]:4040". */
export function originOf(scheme: "http" | "https", address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `${scheme}://${host}:${address.port}`;
}

/** Stops listening and ends every connection, idle keep-alive ones included (they would hold close() open forever). */
export async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

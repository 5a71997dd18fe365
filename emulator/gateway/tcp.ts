// The gateway's TCP listeners: one per TCP endpoint (a `tcp://host:port` URL), as ngrok gives each
// TCP endpoint an address of its own. A connection runs the endpoint's on_tcp_connect
// (https://ngrok.com/docs/traffic-policy/): closed when an action closes it (deny, restrict-ips,
// close-connection, a failure), handed to an internal endpoint by forward-internal, else joined
// to the endpoint's upstream, a `tcp://host:port` service (an agent's address, or one a test
// registers). No byte is read from the client before the policy has decided.
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { listen } from "../shared/listen";
import type { EndpointDirectory } from "./directory";
import { runConnect } from "./engine";
import { policyFromInput } from "./check";
import type { EndpointInfo, GatewayEnvironment } from "./types";

export interface TcpListener {
  /** "tcp://127.0.0.1:<port>": connect here to reach the endpoint. */
  readonly url: string;
  close(): Promise<void>;
}

/** A `tcp://host:port` (or `host:port`) upstream's address; undefined for an HTTP one or a function. */
function tcpAddress(upstream: EndpointInfo["upstream"]): { host: string; port: number } | undefined {
  if (typeof upstream !== "string") return undefined;
  const m = /^(?:tcp:\/\/)?\[?([^\]/]+?)\]?:(\d+)\/?$/.exec(upstream);
  return m ? { host: m[1]!, port: Number(m[2]) } : undefined;
}

function join(client: Socket, endpoint: EndpointInfo | undefined): void {
  const to = tcpAddress(endpoint?.upstream);
  if (to === undefined) return void client.destroy();
  const service = connect(to.port, to.host);
  service.on("error", () => client.destroy());
  client.on("error", () => service.destroy());
  service.once("connect", () => {
    client.pipe(service);
    service.pipe(client);
    client.resume();
  });
}

/** Listens for the TCP endpoint `endpointUrl` on `host`:`port` (0: an ephemeral port). */
export async function listenTcp(endpointUrl: string, port: number, host: string, directory: EndpointDirectory, env: GatewayEnvironment): Promise<TcpListener> {
  const sockets = new Set<Socket>();
  const accept = async (socket: Socket): Promise<void> => {
    const endpoint = directory.byUrl(endpointUrl);
    if (endpoint === undefined) return void socket.destroy();
    const clientIp = (socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, "");
    const connected = await runConnect(endpoint, policyFromInput(endpoint.trafficPolicy ?? ""), { clientIp, clientPort: socket.remotePort ?? 0 }, env);
    const { connection, forwardedTo } = connected.result;
    if (connection === "forwarded" && forwardedTo !== undefined) return join(socket, directory.byUrl(forwardedTo));
    if (connection !== "accepted") return void socket.destroy();
    join(socket, endpoint);
  };
  const server: Server = createServer({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    accept(socket).catch(() => socket.destroy());
  });
  const address: AddressInfo = await listen(server, port, host);
  return {
    url: `tcp://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

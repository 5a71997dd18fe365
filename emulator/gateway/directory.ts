// Where the gateway finds endpoints: by the Host of a request, or by the URL a forward-internal
// action names.
import type { EndpointInfo, Upstream } from "./types";

export interface EndpointDirectory {
  /** The endpoint whose URL's host is `host` (a Host header, port ignored). */
  byHost(host: string): EndpointInfo | undefined;
  /** The endpoint with this URL (scheme and host; an absent port is the scheme's). */
  byUrl(url: string): EndpointInfo | undefined;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Whether a host is an internal endpoint's (`*.internal`). */
export function isInternalHost(host: string): boolean {
  return /\.internal\.?$/i.test(host);
}

function sameUrl(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.protocol === y.protocol && x.host.toLowerCase() === y.host.toLowerCase();
  } catch {
    return false;
  }
}

/** A directory of the endpoints given to it; `upstreams` adds services behind URLs (agent endpoints). */
export class StaticDirectory implements EndpointDirectory {
  constructor(
    private readonly endpoints: () => readonly EndpointInfo[],
    private readonly services: () => ReadonlyMap<string, Upstream> = () => new Map(),
  ) {}

  private get upstreams(): ReadonlyMap<string, Upstream> {
    return this.services();
  }

  byHost(host: string): EndpointInfo | undefined {
    const name = host.replace(/:\d+$/, "").toLowerCase();
    // An internal endpoint is reached only through forward-internal and http-request
    // (https://ngrok.com/docs/universal-gateway/internal-endpoints/): no public request names it.
    if (isInternalHost(name)) return undefined;
    return this.withUpstream(this.endpoints().find((e) => hostOf(e.url) === name && e.internal !== true));
  }

  byUrl(url: string): EndpointInfo | undefined {
    const found = this.endpoints().find((e) => sameUrl(e.url, url));
    if (found !== undefined) return this.withUpstream(found);
    for (const [u, upstream] of this.upstreams) {
      if (sameUrl(u, url)) return { id: `ep_upstream_${new URL(u).host}`, url: u, upstream };
    }
    return undefined;
  }

  private withUpstream(e: EndpointInfo | undefined): EndpointInfo | undefined {
    if (e === undefined || e.upstream !== undefined) return e;
    for (const [u, upstream] of this.upstreams) if (sameUrl(u, e.url)) return { ...e, upstream };
    return e;
  }
}

// An event subscription for the program's event sources to belong to. This package has no
// EventSubscription resource, so the program makes its own: a small dynamic resource that talks
// to the API directly (NGROK_API_BASE_URL, NGROK_API_KEY). It must survive the same faults as
// the provider without a duplicate, so a create first looks for a subscription with its
// description (unique in the program) and adopts it, and repeats a create only when that finds
// none. Everything it uses is inside the provider's functions: Pulumi serialises them into state.
import * as pulumi from "@pulumi/pulumi";

interface Answer {
    status: number;
    body: any;
}

/** One API call, repeated on 429, 5xx and dropped connections, except a POST the service may have processed. */
async function api(method: string, path: string, body?: unknown): Promise<Answer | "lost"> {
    const base = (process.env.NGROK_API_BASE_URL ?? "").replace(/\/+$/, "");
    const url = path.startsWith("http") ? path : base + path;
    for (let attempt = 0; ; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(10_000, 250 * 2 ** Math.min(attempt, 6)) * (0.5 + Math.random() / 2)));
        if (attempt > 40) throw new Error(`${method} ${path}: still failing after ${attempt} attempts`);
        let res: Response;
        try {
            res = await fetch(url, {
                method,
                headers: {
                    authorization: `Bearer ${process.env.NGROK_API_KEY ?? ""}`,
                    "ngrok-version": "2",
                    ...(body === undefined ? {} : { "content-type": "application/json" }),
                },
                body: body === undefined ? undefined : JSON.stringify(body),
            });
        } catch {
            if (method === "POST") return "lost";
            continue;
        }
        const text = await res.text().catch(() => "");
        if (res.status === 429) continue;
        if (res.status >= 500) {
            if (method === "POST") return "lost";
            continue;
        }
        return { status: res.status, body: text === "" ? undefined : JSON.parse(text) };
    }
}

async function findByDescription(description: string): Promise<{ id: string } | undefined> {
    let next: string | null = "/event_subscriptions?limit=100";
    while (next) {
        const page = await api("GET", next);
        if (page === "lost" || page.status !== 200) throw new Error(`listing event subscriptions failed`);
        const found = (page.body.event_subscriptions as { id: string; description?: string }[]).find((s) => s.description === description);
        if (found) return found;
        next = page.body.next_page_uri;
    }
    return undefined;
}

const provider: pulumi.dynamic.ResourceProvider = {
    async create(inputs: { description: string }) {
        for (let attempt = 0; attempt < 20; attempt++) {
            const existing = await findByDescription(inputs.description);
            if (existing) return { id: existing.id, outs: { description: inputs.description } };
            const made = await api("POST", "/event_subscriptions", { description: inputs.description });
            if (made === "lost") continue;
            if (made.status !== 201) throw new Error(`creating an event subscription failed: HTTP ${made.status}`);
            return { id: made.body.id, outs: { description: inputs.description } };
        }
        throw new Error("creating an event subscription kept failing");
    },
    async read(id: string, props: { description: string }) {
        const got = await api("GET", `/event_subscriptions/${id}`);
        if (got === "lost") throw new Error("unreachable");
        if (got.status === 404) return { id: "", props: {} };
        if (got.status !== 200) throw new Error(`reading an event subscription failed: HTTP ${got.status}`);
        return { id, props: { ...props, description: got.body.description ?? "" } };
    },
    async delete(id: string) {
        const gone = await api("DELETE", `/event_subscriptions/${id}`);
        if (gone !== "lost" && gone.status !== 204 && gone.status !== 404) throw new Error(`deleting an event subscription failed: HTTP ${gone.status}`);
    },
};

export class EventSubscription extends pulumi.dynamic.Resource {
    declare public readonly description: pulumi.Output<string>;

    constructor(name: string, args: { description: string }, opts?: pulumi.CustomResourceOptions) {
        super(provider, name, { description: args.description }, opts, "reliability", "EventSubscription");
    }
}

/**
 * The example policies of ngrok's documentation, as scripts/ngrok-docs-corpus.mts extracted them
 * into corpus.json (`make ngrok-docs-corpus NGROK_DOCS=<checkout of github.com/ngrok/ngrok-docs>`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface DocAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export interface DocRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Where the page shows the request: `<path>:<line>`. */
  at: string;
  answer: DocAnswer;
}

export interface DocExample {
  /** `<path in ngrok-docs>:<line of the policy's block>`. */
  id: string;
  /** The public page: https://ngrok.com/docs/... */
  url: string;
  source: string;
  line: number;
  heading: string;
  /** Where the policy sits in its block ("" when the block is the policy): `endpoints[0].traffic_policy`. */
  within: string;
  /** The policy's own text as the page writes it, in each language the page gives it. */
  yaml?: string;
  json?: string;
  policy: Record<string, unknown>;
  /** Other places the same policy appears. */
  alsoAt: string[];
  requests: DocRequest[];
}

export interface DocUnparsed {
  id: string;
  url: string;
  source: string;
  line: number;
  lang: string;
  reason: string;
  text: string;
}

/** An action page: its type and the phases it runs in. */
export interface DocAction {
  type: string;
  url: string;
  phases: string[];
}

/** A macro of the macros page, or a variable of the variables pages, with the expressions its section shows. */
export interface DocCel {
  /** The macro's heading (`hash.sha256(string) -> string`), or the variable's name (`req.url.path`). */
  name: string;
  url: string;
  /** A variable's documented type. */
  type?: string;
  /** Expressions the section shows: a macro's examples (its `// comment` dropped), a variable's rule expressions. */
  examples: string[];
}

export interface Corpus {
  commit: string;
  reference: { actions: DocAction[]; macros: DocCel[]; variables: DocCel[] };
  examples: DocExample[];
  unparsed: DocUnparsed[];
}

export const corpus: Corpus = JSON.parse(readFileSync(join(__dirname, "corpus.json"), "utf8")) as Corpus;

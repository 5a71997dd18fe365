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
  /** Where the policy sits in its block ("" when the block is the policy). */
  within: string;
  yaml?: string;
  json?: string;
  policy: Record<string, unknown>;
  alsoAt: string[];
  requests: DocRequest[];
}

export interface DocUnparsed {
  id: string;
  url: string;
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
  name: string;
  url: string;
  type?: string;
  examples: string[];
}

export interface Corpus {
  commit: string;
  reference: { actions: DocAction[]; macros: DocCel[]; variables: DocCel[] };
  examples: DocExample[];
  unparsed: DocUnparsed[];
}

export const corpus: Corpus = JSON.parse(readFileSync(join(__dirname, "corpus.json"), "utf8")) as Corpus;

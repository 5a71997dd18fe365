/**
 * English for messages and generated docs: the indefinite article before a word, by how the word
 * is said, not how it is spelled ("an HttpsEdge": HTTPS is said letter by letter; "a URL").
 */

/** Abbreviations said letter by letter, however a type name writes them (`Https`, `Ip`, `Ssh`). */
const spelledOut = new Set(["api", "ca", "cname", "dns", "http", "https", "id", "ip", "jwt", "oidc", "pem", "rfc", "sni", "ssh", "tcp", "tls", "uri", "url", "utf"]);

/** Letters whose names begin with a vowel sound: "an F", "an HTTP", "an SSH". */
const vowelSoundLetters = new Set([..."aefhilmnorsx"]);

/** Words whose first letter misleads: a silent "h", a "u" or "o" said with a consonant, "ngrok" said "en-grok". */
const sayings: Readonly<Record<string, "a" | "an">> = {
  hour: "an",
  honest: "an",
  ngrok: "an",
  one: "a",
  once: "a",
  unique: "a",
  unit: "a",
  usage: "a",
  universal: "a",
  use: "a",
  used: "a",
  user: "a",
  usual: "a",
};

/**
 * The first word of `text` as it is said: a run of capitals before a capitalised word ("IP" of
 * "IPPolicy"), a capitalised word ("Https" of "HttpsEdge"), or letters up to the first non-letter.
 */
function firstWord(text: string): string {
  const m = /^(?:[A-Z]+(?=[A-Z][a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+)/.exec(text.trimStart());
  return m ? m[0] : "";
}

/** "a" or "an" before `word`: `${article(kind)} ${kind}`. */
export function article(word: string): "a" | "an" {
  const first = firstWord(word);
  if (first === "") return "a";
  const lower = first.toLowerCase();
  const said = sayings[lower];
  if (said) return said;
  // An abbreviation, or a word written in capitals: said letter by letter.
  if (spelledOut.has(lower) || (first.length > 1 && first === first.toUpperCase())) {
    return vowelSoundLetters.has(lower[0]!) ? "an" : "a";
  }
  return /^[aeiou]/.test(lower) ? "an" : "a";
}

/** English for messages and docs. */

/** The indefinite article for `word`, by its sound: "an HttpsEdge", "an IP policy", "a URL". */
export function article(word: string): "a" | "an" {
  const w = word.trim();
  // Read as letters: "an HTTPS edge", "an SSH key", "a URL".
  const initialism = /^([A-Z]{2,})(?![a-z])/.exec(w)?.[1];
  if (initialism) return /^[AEFHILMNORSX]/.test(initialism) ? "an" : "a";
  // A capital followed by another word's capital reads as a letter too: "an HttpsEdge"? No: "Https" is said "H-T-T-P-S".
  if (/^Https?(?=[A-Z]|$)/.test(w) || /^Ssh(?=[A-Z]|$)/.test(w)) return "an";
  if (/^(Ip|Tls|Url|Uri|Oidc|Jwt|Api)(?=[A-Z]|$)/.test(w)) return /^(Ip|Oidc)/.test(w) ? "an" : "a";
  if (/^(uni|use|usu|one|eu)/i.test(w)) return "a";
  if (/^(hour|honest|honou?r)/i.test(w)) return "an";
  return /^[aeiou]/i.test(w) ? "an" : "a";
}

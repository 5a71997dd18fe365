/**
 * What the AI Gateway API's kinds share (https://api.ngrok.ai; ngrok's OpenAPI description of it,
 * openapi/ai-gateway.yaml in github.com/ngrok/ngrok-docs): camelCase fields, limits in characters,
 * `createdBy` / `lastUpdatedBy` references and `updatedAt`.
 */
import { refType } from "./common";
import type { PropertySpec, TypeSpec } from "../contract";

const str: TypeSpec = { kind: "string" };

/** A name: `required` in the create's body; `nonEmpty` where the OpenAPI gives it a minLength of 1. */
export function aiName(what: string, required = false, nonEmpty = false): PropertySpec {
  const max = 255;
  return {
    type: { kind: "string", maxChars: max, ...(nonEmpty ? { nonEmpty: true } : {}) },
    description: `${what} ${required ? "Required" : "Optional"}, at most ${max} characters. Changed in place.`,
    input: { api: "name", onChange: "update", unset: "clear", ...(required ? { required: true } : {}) },
  };
}

export function aiDescription(what: string): PropertySpec {
  return {
    type: { kind: "string", maxChars: 255 },
    description: `${what} Optional, at most 255 characters.`,
    input: { api: "description", onChange: "update", unset: "clear" },
  };
}

export const aiMetadata: PropertySpec = {
  type: { kind: "string", maxChars: 4096 },
  description: "Arbitrary user-defined data. Optional, at most 4096 characters.",
  input: { api: "metadata", onChange: "update", unset: "clear" },
};

/** `createdAt`, `updatedAt`, `createdBy`, `lastUpdatedBy` and the `uri` lookups answer. */
export function aiStamps(what: string): Record<string, PropertySpec> {
  return {
    createdAt: { type: str, api: "createdAt", present: true, description: `When the ${what} was created (RFC 3339).` },
    updatedAt: { type: str, api: "updatedAt", description: `When the ${what} was last changed (RFC 3339).` },
    createdBy: { type: refType, api: "createdBy", description: `Who created the ${what}: an ngrok.ai API key or the account's user.` },
    lastUpdatedBy: { type: refType, api: "lastUpdatedBy", description: `Who last changed the ${what}.` },
    uri: { type: str, api: "uri", present: true, lookupOnly: true, description: "The address of the resource in the AI Gateway API." },
  };
}

/** The token of a key the API answers only at creation: kept from the create's answer across reads. */
export function aiToken(what: string): PropertySpec {
  return {
    type: str,
    api: "token",
    secret: true,
    description: `${what} The API returns it only at creation; the provider keeps it in state, encrypted, across refreshes and updates.`,
    fromApi: (api, prior) => (typeof api.token === "string" && api.token !== "" ? api.token : prior.token),
  };
}

export const keyRedacted: PropertySpec = { type: str, api: "keyRedacted", description: "The secret's redacted display form." };
export const lastUsed: PropertySpec = { type: str, api: "lastUsed", description: "When it was last used (RFC 3339); absent until it is." };

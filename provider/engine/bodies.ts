/** Request bodies from a program's inputs. */
import type { ApiObject, Props, ResourceSchema } from "../definitions/types";
import { emptyValue, inputProperties, isAbsent, sameInput, toApiValue } from "./values";

/** The body of a create (or of a whole-slot PUT): every input set, except those in the path. */
export function createBody(schema: ResourceSchema, inputs: Props, inPath: ReadonlySet<string>): ApiObject {
  const body: ApiObject = {};
  for (const [name, prop] of inputProperties(schema)) {
    if (prop.input.carriedBy) continue;
    const value = isAbsent(inputs[name]) ? prop.input.createDefault : inputs[name];
    if (!inPath.has(name) && !isAbsent(value)) body[prop.input.api] = prop.toApi ? prop.toApi(inputs) : toApiValue(prop.type, value);
  }
  return body;
}

/** The PATCH body that turns `olds` (outputs) into `news` (inputs): changed mutable fields only. */
export function patchBody(schema: ResourceSchema, olds: Props, news: Props): ApiObject {
  const body: ApiObject = {};
  for (const [name, prop] of inputProperties(schema)) {
    if (prop.input.onChange !== "update" || prop.input.updatable === false) continue;
    if (sameInput(prop, olds[name], news[name])) continue;
    // An input carried by another's field sends that field, made from all the new inputs.
    const carrier = prop.input.carriedBy ? schema.properties[prop.input.carriedBy] : undefined;
    if (carrier?.input && carrier.toApi) {
      body[carrier.input.api] = carrier.toApi(news);
      continue;
    }
    const value = isAbsent(news[name]) ? (prop.input.default ?? emptyValue(prop.type)) : news[name];
    body[prop.input.api] = prop.toApi && !isAbsent(news[name]) ? prop.toApi(news) : toApiValue(prop.type, value);
  }
  return body;
}

// DO NOT EDIT: generated from src/agent_ir/validation/keyword_sentences.json by
// codegen/typescript.py. Regenerate with `nox -s codegen`; `nox -s codegen_check` fails
// on any drift. The sentence template of each failing keyword of a tool's parameters,
// the table Python fills (agent_ir.validation._keyword_sentences); src/sentences.ts
// fills them here.

/** Keyword (a variant after a slash; "*" any other keyword) -> template. */
export const SENTENCES: Readonly<Record<string, string>> = {
  "type": "{value} is not of {types|type|types} {types}",
  "enum": "{value} is not one of {options}",
  "enum/empty": "{value} is not one of the values of an empty enum",
  "const": "{expected} was expected",
  "required": "{property} is a required property",
  "dependentRequired": "{property} is a required property",
  "dependencies": "{property} is a required property",
  "additionalProperties": "Additional properties are not allowed ({unexpected} {unexpected|was|were} unexpected)",
  "unevaluatedProperties": "Unevaluated properties are not allowed ({unexpected} {unexpected|was|were} unexpected)",
  "additionalItems": "Additional items are not allowed ({count} {count|item|items} after the {limit} that items lists)",
  "unevaluatedItems": "Unevaluated items are not allowed ({count} {count|item|items})",
  "falseSchema": "False schema does not allow {value}",
  "propertyNames/falseSchema": "Property names are not allowed ({unexpected} {unexpected|was|were} unexpected)",
  "maxLength": "{value} is longer than {limit} {limit|character|characters}",
  "minLength": "{value} is shorter than {limit} {limit|character|characters}",
  "maxItems": "{value} has more than {limit} {limit|item|items}",
  "minItems": "{value} has less than {limit} {limit|item|items}",
  "maxProperties": "{value} has more than {limit} {limit|property|properties}",
  "minProperties": "{value} has less than {limit} {limit|property|properties}",
  "minimum": "{value} is less than the minimum of {limit}",
  "maximum": "{value} is greater than the maximum of {limit}",
  "exclusiveMinimum": "{value} is less than or equal to the minimum of {limit}",
  "exclusiveMaximum": "{value} is greater than or equal to the maximum of {limit}",
  "multipleOf": "{value} is not a multiple of {limit}",
  "pattern": "{value} does not match \"{pattern}\"",
  "uniqueItems": "{value} has non-unique elements",
  "contains": "None of {value} are valid under the given schema",
  "minContains": "{value} has less than {limit} {limit|item|items} valid under the schema of contains",
  "maxContains": "{value} has more than {limit} {limit|item|items} valid under the schema of contains",
  "not": "{value} is not allowed: it is valid under the schema of not",
  "anyOf": "{value} is not valid under any of the schemas listed in the 'anyOf' keyword",
  "oneOf": "{value} is not valid under any of the schemas listed in the 'oneOf' keyword",
  "oneOf/several": "{value} is valid under more than one of the schemas listed in the 'oneOf' keyword",
  "*": "{value} is not valid under the {keyword} keyword",
};

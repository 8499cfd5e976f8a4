import type * as yup from 'yup';

/** JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
export type JsonSchema = { [keyword: string]: unknown };

type Description = ReturnType<yup.Schema['describe']>;
type Test = { name?: string; params?: Record<string, unknown> };

/**
 * Keywords a yup schema cannot say of itself (a custom test's rule, a union of kinds): put them in its
 * meta, `.meta({ jsonSchema: { format: 'date-time' } })`, and they are merged into the converted schema.
 */
interface JsonSchemaMeta {
  jsonSchema?: JsonSchema;
  description?: string;
}

declare module 'yup' {
  // Lets every schema's .meta() take the keys above, type-checked.
  interface CustomSchemaMetadata extends JsonSchemaMeta {}
}

const FORMATS: Record<string, string> = { email: 'email', url: 'uri', uuid: 'uuid', datetime: 'date-time' };

/** min/max mean length for text, item count for lists and bounds for numbers. */
const SIZE_KEYWORDS: Record<string, { min: string; max: string; length?: string }> = {
  string: { min: 'minLength', max: 'maxLength', length: 'length' },
  array: { min: 'minItems', max: 'maxItems', length: 'length' },
  number: { min: 'minimum', max: 'maximum' },
};

function applyTests(type: string, tests: Test[], schema: JsonSchema): void {
  const size = SIZE_KEYWORDS[type];
  for (const { name = '', params = {} } of tests) {
    if (name === 'integer') schema.type = 'integer';
    else if (FORMATS[name] && type === 'string') schema.format = FORMATS[name];
    else if (name === 'matches' && params.regex instanceof RegExp && !params.regex.flags.replace(/[gu]/g, '')) schema.pattern = params.regex.source;
    else if (name === 'noUnknown') schema.additionalProperties = false;
    else if (size && name === 'min' && params.min !== undefined) schema[size.min] = params.min;
    else if (size && name === 'max' && params.max !== undefined) schema[size.max] = params.max;
    else if (name === 'min' && params.more !== undefined) schema.exclusiveMinimum = params.more;
    else if (name === 'max' && params.less !== undefined) schema.exclusiveMaximum = params.less;
    else if (size?.length && name === 'length') {
      schema[size.min] = params.length;
      schema[size.max] = params.length;
    }
    // Other tests (a date that is not in the past, a value sent as the right JSON kind) are rules JSON Schema
    // cannot state; the server still runs them, and their messages come back in `fields`.
  }
}

/** How describe() shows `yup.ref('password')` among a oneOf's values. */
type Reference = { type: 'ref'; key: string };
const isReference = (value: unknown): value is Reference =>
  typeof value === 'object' && value !== null && (value as Partial<Reference>).type === 'ref' && typeof (value as Partial<Reference>).key === 'string';

/**
 * The allowed values as an enum. A reference to a sibling field (confirmPassword: oneOf([ref('password')]))
 * is a rule JSON Schema cannot state: then the rule goes in the description, and no enum narrows the type.
 */
function applyOneOf(values: unknown[], nullable: boolean, schema: JsonSchema): void {
  if (values.some(isReference)) {
    const choices = values.map((value) => (isReference(value) ? `\`${value.key}\`` : JSON.stringify(value)));
    schema.description = `Must equal ${choices.join(' or ')}`;
  } else if (values.length) {
    schema.enum = nullable ? [...new Set([...values, null])] : values.filter((value) => value !== null);
  }
}

/** A client must send it: not optional, and not filled in by a default when absent (objects' defaults are their fields'). */
function isRequired(field: Description): boolean {
  const { optional, default: fallback, type } = field as Description & { optional?: boolean; default?: unknown };
  return !optional && (fallback === undefined || type === 'object');
}

function baseSchema(description: Description): JsonSchema {
  const d = description as Description & { fields?: Record<string, Description>; innerType?: Description | Description[] };
  switch (d.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return { type: d.type };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'array':
      return { type: 'array', ...(d.innerType && !Array.isArray(d.innerType) ? { items: fromDescription(d.innerType) } : {}) };
    case 'tuple': {
      const items = (d.innerType as Description[]).map(fromDescription);
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    case 'object': {
      const fields = d.fields ?? {};
      const names = Object.keys(fields);
      if (!names.length) return { type: 'object' };
      const required = names.filter((name) => isRequired(fields[name]!));
      return {
        type: 'object',
        properties: Object.fromEntries(names.map((name) => [name, fromDescription(fields[name]!)])),
        ...(required.length ? { required } : {}),
      };
    }
    default:
      // mixed and lazy: any JSON value unless the meta says more.
      return {};
  }
}

/** Converts one node of `schema.describe()`. */
function fromDescription(description: Description): JsonSchema {
  const d = description as Description & { nullable?: boolean; oneOf?: unknown[]; tests?: Test[]; default?: unknown; label?: string; meta?: JsonSchemaMeta };
  const schema = baseSchema(description);
  applyTests(d.type, d.tests ?? [], schema);
  applyOneOf(d.oneOf ?? [], Boolean(d.nullable), schema);
  if (d.nullable && typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  if (d.default !== undefined && typeof d.default !== 'object' && typeof d.default !== 'function') schema.default = d.default;
  if (d.label) schema.title = d.label;
  if (d.meta?.description) schema.description = d.meta.description;
  return { ...schema, ...d.meta?.jsonSchema };
}

/** The JSON Schema of a yup schema, as far as JSON Schema can say it. */
export function toJsonSchema(schema: yup.Schema): JsonSchema {
  return fromDescription(schema.describe());
}

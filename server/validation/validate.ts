/**
 * The one way a request is validated, over REST (routes/define.ts) and over sockets
 * (signalling/handlers/define.ts), so the same payload gets the same `fields` both ways.
 */
import * as yup from 'yup';
import { isPlainObject } from '../../common/schemas/helpers';
import { ValidationFailed } from '../errors';
import { FieldMessages, unknownFieldMessage } from './field-messages';
import { unacceptableFields } from './unacceptable-fields';

const NOT_AN_OBJECT = 'Send a JSON object.';

/** The 400 for a set of field messages, worded by the first of them. */
function invalidInput(fields: Record<string, string>): ValidationFailed {
  return new ValidationFailed(Object.values(fields)[0] ?? 'The request is not valid.', fields);
}

/** yup's errors keyed by (dotted) field name; each unknown key gets its own 'Unknown field: x'. */
function fieldErrors(err: yup.ValidationError): Record<string, string> {
  const fields = new FieldMessages();
  for (const inner of err.inner.length ? err.inner : [err]) {
    if (inner.type === 'noUnknown') {
      for (const name of String(inner.params?.unknown ?? '').split(', ').filter(Boolean)) fields.add(inner.path ? `${inner.path}.${name}` : name, unknownFieldMessage(name));
      continue;
    }
    fields.add(inner.path ?? '', inner.message);
  }
  return fields.toObject();
}

/**
 * An object schema's input must be a plain object; the walk (unacceptableFields) runs before any schema;
 * then the schema with abortEarly: false. Synchronous: every shared schema is, and the chat path skips
 * a promise chain per line. Throws ValidationFailed with `fields`; answers the cast value.
 */
export function validateInput<T>(schema: yup.Schema<T>, value: unknown): T {
  if (schema.type === 'object' && !isPlainObject(value)) throw new ValidationFailed(NOT_AN_OBJECT);
  const unacceptable = unacceptableFields(value);
  if (Object.keys(unacceptable).length) throw invalidInput(unacceptable);
  try {
    return schema.validateSync(value, { abortEarly: false, stripUnknown: false });
  } catch (err) {
    if (err instanceof yup.ValidationError) throw invalidInput(fieldErrors(err));
    throw err;
  }
}

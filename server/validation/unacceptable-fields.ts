import { UNSTORABLE_TEXT_MESSAGE, hasUnstorableCharacter } from '../../common/schemas/helpers';
import { FieldMessages, unknownFieldMessage } from './field-messages';

/**
 * Keys every object inherits ('constructor', 'toString', '__proto__'...). yup mistakes them for its own
 * fields and crashes; they are refused everywhere, free-form JSON (report results) included, where no
 * real record needs them.
 */
const INHERITED_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Field messages for what no schema should meet, by dotted path ('_' for the value itself): text or
 * keys holding a character PostgreSQL cannot store (U+0000, an unpaired surrogate), and inherited key
 * names. Walks without recursion, so no nesting depth overflows it.
 */
export function unacceptableFields(value: unknown): Record<string, string> {
  const fields = new FieldMessages();
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length && !fields.full) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (hasUnstorableCharacter(item)) fields.add(path, UNSTORABLE_TEXT_MESSAGE);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (INHERITED_KEYS.has(key)) fields.add(childPath, unknownFieldMessage(key));
        else if (hasUnstorableCharacter(key)) fields.add(childPath, UNSTORABLE_TEXT_MESSAGE);
        else pending.push([child, childPath]);
      }
    }
  }
  return fields.toObject();
}

import { UNSTORABLE_TEXT_MESSAGE as NUL } from '../../common/schemas/helpers';
import { unacceptableFields } from '../../server/validation/unacceptable-fields';

describe('the walk before any schema', () => {
  it('finds U+0000 in strings and keys, and inherited key names, at any depth, without recursion', () => {
    const body = JSON.parse('{"a":"ok","b":["x","y\\u0000"],"c":{"k\\u0000":1,"d":{"e":"\\u0000","constructor":{}}},"__proto__":1}');
    expect(unacceptableFields(body)).toEqual(
      Object.fromEntries([
        ['b.1', NUL],
        ['c.d.e', NUL],
        ['c.k\u0000', NUL],
        ['c.d.constructor', 'Unknown field: constructor'],
        ['__proto__', 'Unknown field: __proto__'],
      ]),
    );
    expect(Object.keys(unacceptableFields(body))).toContain('__proto__');
    expect(unacceptableFields({ lone: 'bad \uD800', low: '\uDC00 first', pair: 'emoji \uD83D\uDE00' })).toEqual({ lone: NUL, low: NUL });
    expect(unacceptableFields('\u0000')).toEqual({ _: NUL });
    expect(unacceptableFields({ text: 'fine', n: 1, none: null, list: [] })).toEqual({});
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.keys(unacceptableFields(deep))).toHaveLength(1);
  });

  it('stops at 50 messages', () => {
    const body = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, `bad\u0000`]));
    expect(Object.keys(unacceptableFields(body))).toHaveLength(50);
  });
});

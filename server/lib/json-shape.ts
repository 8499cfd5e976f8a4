import { PayloadTooLarge } from '../errors';

/** At most this many keys (object fields and array items) in one JSON body, before any validation looks at it. */
export const MAX_JSON_KEYS = 1000;
/** At most this deep (nested objects and arrays) in one JSON body. */
export const MAX_JSON_DEPTH = 20;

/**
 * Refuses a parsed body with more than MAX_JSON_KEYS keys or nesting deeper than MAX_JSON_DEPTH, walking
 * it without recursion and stopping at the first key over: the cost is bounded by the limits, not the body.
 */
export function assertBoundedJson(value: unknown): void {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  let keys = 0;
  while (pending.length) {
    const { node, depth } = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw new PayloadTooLarge(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
    for (const key in node) {
      keys += 1;
      if (keys > MAX_JSON_KEYS) throw new PayloadTooLarge(`The request body has too many fields (at most ${MAX_JSON_KEYS.toLocaleString('en-US')}).`);
      pending.push({ node: (node as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
}

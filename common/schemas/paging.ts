import { numberField } from './helpers';

/** The most rows one page of a list may ask for. */
const MAX_PAGE_SIZE = 100;

/**
 * `limit` and `offset` of a paged list. Both optional: a client that sends neither gets the whole list, as
 * the spec's clients always did. The answer's X-Total-Count header says how many rows match in all.
 */
export const pagingFields = () => ({
  limit: numberField('Limit')
    .integer('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
    .optional(),
  offset: numberField('Offset')
    .integer('Offset must be a whole number')
    .min(0, 'Offset cannot be negative')
    .max(1_000_000, 'Offset must be at most 1000000')
    .optional(),
});

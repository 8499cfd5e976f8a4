import * as yup from 'yup';
import { UUID_PATTERN, optionalString, strictObject } from './helpers';

const ACCESS_HISTORY_PAGE_SIZE = 20;
const ACCESS_HISTORY_MAX_PAGE_SIZE = 100;

/** GET /api/access-history query: page size, `before` = the previous page's `nextCursor` (an entry id), and whose actions. */
export const accessHistoryQuerySchema = strictObject({
  limit: yup
    .number()
    .typeError('Limit must be a number')
    .integer('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(ACCESS_HISTORY_MAX_PAGE_SIZE, `Limit must be at most ${ACCESS_HISTORY_MAX_PAGE_SIZE}`)
    .default(ACCESS_HISTORY_PAGE_SIZE),
  before: optionalString('Cursor', 64).matches(UUID_PATTERN, 'Cursor must be the nextCursor of an earlier page'),
  /** 'others': only what someone other than the patient did (doctors, administrators, failed sign-ins). */
  by: yup.string().oneOf(['anyone', 'others'], 'By must be anyone or others').default('anyone'),
});


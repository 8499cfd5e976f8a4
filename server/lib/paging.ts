import type { Model, QueryBuilder } from 'objection';
import type { AppContext } from '../context';
import { TOTAL_COUNT_HEADER } from '../../common/constants';

export interface Paging {
  limit?: number;
  offset?: number;
}

/**
 * One page of an ordered query, and the number of rows matching in all in the X-Total-Count header. With
 * neither limit nor offset it is the whole list, as before lists were paged.
 */
export async function readPage<M extends Model>(ctx: AppContext, query: QueryBuilder<M>, { limit, offset }: Paging): Promise<M[]> {
  const page = query.clone();
  if (limit !== undefined) page.limit(limit);
  if (offset) page.offset(offset);
  const [rows, total] = await Promise.all([page, limit === undefined && !offset ? undefined : query.clone().resultSize()]);
  ctx.set(TOTAL_COUNT_HEADER, String(total ?? rows.length));
  return rows as unknown as M[];
}

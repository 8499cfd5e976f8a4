import type { Model, QueryBuilder } from 'objection';
import type { AppContext } from '../context';
import { readPage, type Paging } from '../lib/paging';
import { recordAudit, type AuditEntry } from './audit';

/** One page of a list whose reading is audited (the admin's lists): the page and its audit row are written side by side. */
export async function readAuditedPage<M extends Model>(ctx: AppContext, query: QueryBuilder<M>, paging: Paging, entry: AuditEntry): Promise<M[]> {
  const [rows] = await Promise.all([readPage(ctx, query, paging), recordAudit(ctx, entry)]);
  return rows;
}

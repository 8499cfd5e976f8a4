import type { Knex } from 'knex';
import type { Model, ModelClass, PartialModelObject } from 'objection';
import type { AppContext } from '../context';
import { MalformedRequest, NotFound, PreconditionFailed } from '../errors';

interface Versioned {
  id: string;
  version: number;
}

/**
 * The version the client last saw, from `If-Match: "3"` (or `W/"3"`); undefined when it sent none or
 * `*` (any version): a client written to the spec sends none, and its write goes ahead as before.
 */
function ifMatchVersion(ctx: AppContext): number | undefined {
  const header = ctx.get('If-Match').trim();
  if (!header || header === '*') return undefined;
  const tag = /^(?:W\/)?"(\d{1,9})"$/.exec(header);
  if (!tag) throw new MalformedRequest('If-Match must be the ETag of the record you changed, such as "3".');
  return Number(tag[1]);
}

/** The record's version as its ETag. */
export function tagWithVersion<R extends Versioned>(ctx: AppContext, record: R): R {
  ctx.set('ETag', `"${record.version}"`);
  return record;
}

/**
 * Writes `change` to `row` only if the row is still at the version the client saw (If-Match), in one
 * statement, so of two writes from the same version exactly one succeeds. A stale one answers 412 with
 * the record as it is now (`present`ed), for the screen to show. With `trx`, inside that transaction.
 */
export async function patchIfCurrent<M extends Model & Versioned>(
  ctx: AppContext,
  row: M,
  change: PartialModelObject<M>,
  present: (current: M) => unknown,
  trx?: Knex.Transaction,
): Promise<M> {
  const expected = ifMatchVersion(ctx);
  const stale = async (): Promise<never> => {
    const current = (await row.$query(trx)) as M | undefined;
    if (!current) throw new NotFound();
    throw new PreconditionFailed(present(current));
  };
  if (expected !== undefined && expected !== row.version) return stale();
  if (Object.keys(change).length === 0) return tagWithVersion(ctx, row);
  const model = row.constructor as ModelClass<M>;
  const query = model.query(trx).patch(change).where('id', row.id).returning('*');
  if (expected !== undefined) query.where('version', expected);
  const [updated] = (await query) as unknown as M[];
  if (!updated) return stale();
  return tagWithVersion(ctx, updated);
}

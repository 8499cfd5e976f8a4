import type { Model, QueryBuilder } from 'objection';
import { NotFound } from '../errors';

/** One record through an owner-scoped query: a record outside the scope answers 404, as if it did not exist. */
export async function findOwned<M extends Model>(scoped: QueryBuilder<M>, id: string, what: string): Promise<M> {
  const record = await scoped.findById(id);
  if (!record) throw new NotFound(`${what} not found.`);
  return record;
}

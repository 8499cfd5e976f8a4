import type { Model, QueryBuilder } from 'objection';
import { RefusedAccess } from '../errors';

/** How a kind of patient record is named: in its 404 message ('Report not found.') and in audit rows. */
interface RecordKind {
  what: string;
  resourceType: string;
}

/**
 * One record through an owner-scoped query. A record outside the scope answers 404, as if it did not
 * exist, and is written down as a refusal, naming its owner when it exists (their Access history shows it).
 */
export async function findOwned<M extends Model>(scoped: QueryBuilder<M>, id: string, kind: RecordKind): Promise<M> {
  const record = await scoped.findById(id);
  if (record) return record;
  const owner = (await scoped.modelClass().query().findById(id).select('userId')) as unknown as { userId: string } | undefined;
  throw new RefusedAccess(`${kind.what} not found.`, { resourceType: kind.resourceType, resourceId: id, patientId: owner?.userId });
}

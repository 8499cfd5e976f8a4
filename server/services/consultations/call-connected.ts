import { Consultation } from '../../../db/models';

/** Stores now as when the consultation's call connected, unless it already had; answers the stored time. */
export async function markCallConnected(consultationId: string): Promise<Date | null> {
  await Consultation.query().patch({ callConnectedAt: new Date() }).where({ id: consultationId }).whereNull('callConnectedAt');
  const stored = await Consultation.query().findById(consultationId).select('callConnectedAt');
  return stored?.callConnectedAt ?? null;
}

import type { ConsultationStatus } from '../../../common/constants';
import type { Prescription } from '../../../db/models';
import { Consultation, Doctor } from '../../../db/models';
import { NotFound } from '../../errors';
import type { RealtimeEvents } from '../realtime';
import type { AuditOfWrite } from '../audit';
import { announceConsultation } from './announce';
import { assertTransition } from './assert-transition';

/** What the doctor records when completing a consultation. */
interface ConsultationOutcome {
  diagnosis?: string;
  prescription?: string | Record<string, unknown> | null;
  consultationNotes?: string;
  followUpDate?: string;
}

function changesFor(to: ConsultationStatus, outcome: ConsultationOutcome): Partial<Consultation> {
  const now = new Date();
  if (to === 'in_progress') return { status: to, startedAt: now };
  if (to === 'cancelled') return { status: to, cancelledAt: now };
  return {
    status: to,
    completedAt: now,
    diagnosis: outcome.diagnosis ?? null,
    // A prescription typed as free text is kept as { instructions } in the jsonb column.
    prescription: typeof outcome.prescription === 'string' ? { instructions: outcome.prescription } : ((outcome.prescription as Prescription) ?? null),
    consultationNotes: outcome.consultationNotes ?? null,
    followUpDate: outcome.followUpDate ? new Date(outcome.followUpDate) : null,
  };
}

/**
 * The one way a consultation's status changes: checked against the state machine under a row lock,
 * completion counted on the doctor, audited in the same transaction, and announced to live screens once committed.
 */
export async function changeConsultationStatus(
  realtime: RealtimeEvents,
  consultationId: string,
  to: ConsultationStatus,
  outcome: ConsultationOutcome,
  audit: AuditOfWrite<Consultation>,
): Promise<Consultation> {
  const updated = await Consultation.transaction(async (trx) => {
    const consultation = await Consultation.query(trx).findById(consultationId).forUpdate();
    if (!consultation) throw new NotFound();
    assertTransition(consultation.status, to);
    const [result] = await Consultation.query(trx).patch(changesFor(to, outcome)).where('id', consultation.id).returning('*');
    if (to === 'completed') {
      await Doctor.query(trx).findById(consultation.doctorId).increment('totalConsultations', 1);
    }
    await audit(trx, result);
    return result;
  });
  announceConsultation(realtime, updated);
  return updated;
}

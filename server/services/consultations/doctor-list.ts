import { raw } from 'objection';
import { CONSULTATION_STATUSES } from '../../../common/constants';
import { canJoinConsultation } from '../../../common/consultation-status';
import { User } from '../../../db/models';
import type { DoctorConsultationsQuery } from '../../../common/schemas/doctor-consultations';
import { consultationsOf } from '../../policies/consultation';
import type { DoctorActor } from '../../policies/actor';
import { containsPattern } from '../../lib/like-pattern';

/** Still to be held (or being held): ahead of us while its time is. */
const OPEN = CONSULTATION_STATUSES.filter(canJoinConsultation);
/** Finished, whatever its date: it belongs with the past. */
const OVER = CONSULTATION_STATUSES.filter((status) => !canJoinConsultation(status));

/**
 * The doctor's consultations that match the list's filters, in appointment order (id breaking ties, so
 * pages never overlap). The patient's name is matched as the screens show it: first and last name, or the
 * username when there is neither.
 */
export function doctorConsultationList(doctor: DoctorActor, filters: DoctorConsultationsQuery, now = new Date()) {
  const query = consultationsOf(doctor);
  if (filters.when === 'upcoming') query.whereIn('consultations.status', OPEN).where('consultations.appointmentDate', '>', now);
  if (filters.when === 'past') query.where((past) => past.where('consultations.appointmentDate', '<=', now).orWhereIn('consultations.status', OVER));
  if (filters.status) query.where('consultations.status', filters.status);
  if (filters.from) query.where('consultations.appointmentDate', '>=', filters.from);
  if (filters.to) query.where('consultations.appointmentDate', '<=', filters.to);
  const patient = filters.patient?.trim();
  if (patient) {
    query.whereExists(
      User.query()
        .whereColumn('users.id', 'consultations.patientId')
        .where(raw("coalesce(nullif(concat_ws(' ', users.first_name, users.last_name), ''), users.username)"), 'ilike', containsPattern(patient)),
    );
  }
  const order = filters.order ?? (filters.when === 'upcoming' ? 'asc' : 'desc');
  const [time, bindings] = filters.when === 'past' ? leftTheSchedule(now) : ['consultations.appointment_date', []];
  return query.orderByRaw(`${time} ${order}, consultations.id ${order}`, bindings);
}

/**
 * When a past consultation left the schedule: its appointment time once that has come, or the moment it
 * was cancelled (or finished) ahead of it, so next month's cancellation sorts among this week's news
 * rather than above today's consultations.
 */
function leftTheSchedule(now: Date): [string, Date[]] {
  const sql = `(case when consultations.appointment_date <= ? then consultations.appointment_date
    else coalesce(consultations.cancelled_at, consultations.completed_at, consultations.updated_at) end)`;
  return [sql, [now]];
}

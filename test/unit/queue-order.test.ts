/** Issue 38: the doctor's day runs from a queue where whoever waits in the call comes first. */
import type { DoctorConsultation } from '../../common/api-types';
import type { WaitingPatient } from '../../common/socket-events';
import { queueOrder } from '../../web/scenes/doctor/dashboard/queue-order';

const consultation = (id: string, appointmentDate: string) => ({ id, appointmentDate }) as DoctorConsultation;
const day = [consultation('nine', '2026-11-28T09:00:00Z'), consultation('eleven', '2026-11-28T11:00:00Z'), consultation('ten', '2026-11-28T10:00:00Z')];

function waiting(since: Record<string, string>) {
  return (c: DoctorConsultation): WaitingPatient | undefined => (since[c.id] ? { consultationId: c.id, patientName: c.id, waitingSince: since[c.id]! } : undefined);
}

test('with nobody waiting, the day is in time order', () => {
  expect(queueOrder(day, waiting({})).map((c) => c.id)).toEqual(['nine', 'ten', 'eleven']);
});

test('a patient waiting in the call comes first, whatever the time booked', () => {
  expect(queueOrder(day, waiting({ eleven: '2026-11-28T08:55:00Z' })).map((c) => c.id)).toEqual(['eleven', 'nine', 'ten']);
});

test('of two waiting, the one who came first is first', () => {
  const order = queueOrder(day, waiting({ ten: '2026-11-28T08:58:00Z', eleven: '2026-11-28T08:50:00Z' }));
  expect(order.map((c) => c.id)).toEqual(['eleven', 'ten', 'nine']);
});

test('the list it was given is left as it was', () => {
  queueOrder(day, waiting({ eleven: '2026-11-28T08:55:00Z' }));
  expect(day.map((c) => c.id)).toEqual(['nine', 'eleven', 'ten']);
});

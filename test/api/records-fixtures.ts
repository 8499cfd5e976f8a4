import { Appointment, MedicalReport, Medication, MedicationReminder, Notification } from '../../db/models';

const DAY = 86_400_000;

export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** A `POST /api/appointments` body the API takes, a week ahead; `overrides` change or add fields. */
export function appointmentBody(overrides: Record<string, unknown> = {}) {
  return { doctorName: 'Dr. Priya Raman', specialty: 'Dermatology', facility: 'Skin Health Partners', appointmentDate: daysFromNow(7).toISOString(), ...overrides };
}

/** Rows written straight to the database (reports have no create endpoint: they come from documents). */
export function insertReport(userId: string, overrides: Partial<MedicalReport> = {}) {
  return MedicalReport.query().insert({
    userId,
    title: 'Complete Blood Count',
    type: 'blood_work',
    status: 'normal',
    reportDate: daysFromNow(-10),
    doctorName: 'Dr. Sarah Chen',
    facility: 'Riverside Medical Laboratory',
    summary: 'All values within reference ranges.',
    results: { hemoglobin: { value: 14.1, unit: 'g/dL', referenceRange: '13.5-17.5' } },
    ...overrides,
  });
}

export function insertMedication(userId: string, overrides: Partial<Medication> = {}) {
  return Medication.query().insert({
    userId,
    name: 'Lisinopril',
    dosage: '10mg',
    frequency: 'once_daily',
    reminderTimes: ['08:00'],
    startDate: daysFromNow(-30),
    isActive: true,
    ...overrides,
  });
}

export function insertAppointment(userId: string, overrides: Partial<Appointment> = {}) {
  return Appointment.query().insert({
    userId,
    doctorName: 'Dr. James Okafor',
    specialty: 'Cardiology',
    facility: 'Heart & Vascular Clinic',
    appointmentDate: daysFromNow(3),
    status: 'scheduled',
    cost: 15000,
    ...overrides,
  });
}

export function insertNotification(userId: string, overrides: Partial<Notification> = {}) {
  return Notification.query().insert({
    userId,
    title: 'Medication reminder',
    message: 'Time to take Lisinopril 10mg.',
    type: 'medication_reminder',
    isRead: false,
    ...overrides,
  });
}

/** A dose a reminder asked about an hour ago, of a new medication of the user's. */
export async function insertDose(userId: string) {
  const medication = await insertMedication(userId);
  return MedicationReminder.query().insert({ medicationId: medication.id, userId, scheduledTime: daysFromNow(-1 / 24) });
}

/** Records shaped like the demo patient's, for the summary engine's unit tests. */
import type { Appointment, MedicalReport, Medication } from '../../common/api-types';
import type { SummaryRecords } from '../../server/services/summary/types';

export const NOW = Date.parse('2026-03-15T12:00:00.000Z');
const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();
export const daysAhead = (days: number) => new Date(NOW + days * DAY).toISOString();

export function report(overrides: Partial<MedicalReport> & Pick<MedicalReport, 'id'>): MedicalReport {
  return {
    version: 1,
    userId: 'u1',
    title: 'Complete Blood Count',
    type: 'blood_work',
    status: 'normal',
    reportDate: daysAgo(10),
    doctorName: 'Dr. Sarah Chen',
    facility: 'Riverside Medical Laboratory',
    documentUrl: null,
    summary: null,
    results: null,
    isOfflineAvailable: false,
    createdAt: daysAgo(10),
    ...overrides,
  };
}

export function medication(overrides: Partial<Medication> & Pick<Medication, 'id' | 'name'>): Medication {
  return {
    version: 1,
    userId: 'u1',
    dosage: '10mg',
    frequency: 'once_daily',
    reminderTimes: ['08:00'],
    prescribedBy: null,
    startDate: daysAgo(30),
    endDate: null,
    instructions: null,
    isActive: true,
    createdAt: daysAgo(30),
    supply: null,
    followUpMinutes: null,
    ...overrides,
  };
}

export function appointment(overrides: Partial<Appointment> & Pick<Appointment, 'id'>): Appointment {
  return {
    version: 1,
    userId: 'u1',
    doctorName: 'Dr. James Okafor',
    doctorId: null,
    specialty: 'Cardiology',
    facility: 'Heart & Vascular Clinic',
    facilityAddress: null,
    appointmentDate: daysAhead(3),
    duration: 30,
    type: null,
    status: 'scheduled',
    reason: null,
    notes: null,
    reminderSent: false,
    reminderEnabled: false,
    cost: 0,
    insuranceCovered: false,
    confirmationCode: null,
    createdAt: daysAgo(5),
    ...overrides,
  };
}

const cbc = (hemoglobin: number, ferritin: number) => ({
  hemoglobin: { value: hemoglobin, unit: 'g/dL', referenceRange: '13.5-17.5' },
  ferritin: { value: ferritin, unit: 'ng/mL', referenceRange: '24-336' },
});

export function demoLikeRecords(): SummaryRecords {
  return {
    reports: [
      report({ id: 'r-cbc-1', reportDate: daysAgo(60), status: 'review', summary: 'Hemoglobin slightly low', results: cbc(13.2, 22) }),
      report({ id: 'r-cbc-2', title: 'Complete Blood Count (follow-up)', reportDate: daysAgo(10), results: cbc(14.1, 58) }),
      report({ id: 'r-mri', title: 'Brain MRI', type: 'mri', status: 'urgent', reportDate: daysAgo(45), summary: 'Small lesion; follow-up recommended.', results: JSON.stringify({ findings: 'lesion' }) }),
      report({ id: 'r-xray', title: 'Chest X-Ray', type: 'x_ray', reportDate: daysAgo(30), results: { findings: 'No acute abnormality' } }),
    ],
    medications: [
      medication({ id: 'm-lis-1', name: 'Lisinopril', dosage: '10mg', prescribedBy: 'Dr. James Okafor', startDate: daysAgo(90) }),
      medication({ id: 'm-lis-2', name: 'lisinopril ', dosage: '20mg', reminderTimes: ['21:00'], startDate: daysAgo(10) }),
      medication({ id: 'm-met', name: 'Metformin', dosage: '500mg', frequency: 'twice_daily', reminderTimes: ['08:00'], endDate: daysAhead(100) }),
      medication({ id: 'm-ibu', name: 'Ibuprofen', dosage: '400mg', frequency: 'as_needed', reminderTimes: ['12:00'], endDate: daysAgo(5) }),
      medication({ id: 'm-amox', name: 'Amoxicillin', isActive: false, endDate: daysAgo(30) }),
    ],
    appointments: [
      appointment({ id: 'a-next', status: 'confirmed', appointmentDate: '2026-03-18T10:30:00.000Z', reminderSent: true }),
      appointment({ id: 'a-later', doctorName: 'Priya Raman', specialty: 'Dermatology', facility: 'Skin Health Partners', appointmentDate: daysAhead(10) }),
      appointment({ id: 'a-done', status: 'completed', appointmentDate: daysAgo(30) }),
      appointment({ id: 'a-cancelled', status: 'cancelled', appointmentDate: daysAhead(5) }),
    ],
    consultations: [],
  };
}

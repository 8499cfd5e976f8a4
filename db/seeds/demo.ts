import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { demoReportPdf } from './demo-documents';

/**
 * Demo data for development and end-to-end tests: a patient with a full history, a second patient, an
 * admin, and a roster of doctors. Ids are fixed (tests and links can name them); dates are relative to
 * the moment of seeding so "upcoming" and "today" stay true. Runs only on an empty users table.
 */

interface DemoCredentials {
  patient: { username: string; email: string; password: string };
  doctor: { email: string; password: string };
  admin: { email: string; password: string };
}

const PATIENT_PASSWORD = 'Demo1234!';
const DOCTOR_PASSWORD = 'Doctor123!';
const ADMIN_PASSWORD = 'Admin1234!';

export const DEMO_CREDENTIALS: DemoCredentials = {
  patient: { username: 'demo', email: 'demo@medivault.test', password: PATIENT_PASSWORD },
  doctor: { email: 'sarah.chen@medivault.test', password: DOCTOR_PASSWORD },
  admin: { email: 'admin@medivault.test', password: ADMIN_PASSWORD },
};

export const DEMO_IDS = {
  users: {
    patient: '10000000-0000-4000-8000-000000000001',
    jordan: '10000000-0000-4000-8000-000000000002',
    admin: '10000000-0000-4000-8000-000000000003',
  },
  doctors: {
    sarahChen: '20000000-0000-4000-8000-000000000001',
    jamesOkafor: '20000000-0000-4000-8000-000000000002',
    priyaRaman: '20000000-0000-4000-8000-000000000003',
    miguelAlvarez: '20000000-0000-4000-8000-000000000004',
    /** Verified but not available. */
    elenaPetrova: '20000000-0000-4000-8000-000000000005',
    /** Not verified (pending). */
    danielBrooks: '20000000-0000-4000-8000-000000000006',
  },
  reports: {
    bloodWorkEarlier: '30000000-0000-4000-8000-000000000001',
    bloodWorkRecent: '30000000-0000-4000-8000-000000000002',
    chestXray: '30000000-0000-4000-8000-000000000003',
    /** Results stored as a jsonb string holding serialized JSON. */
    brainMri: '30000000-0000-4000-8000-000000000004',
    prescription: '30000000-0000-4000-8000-000000000005',
    consultation: '30000000-0000-4000-8000-000000000006',
    heartRate: '30000000-0000-4000-8000-000000000007',
    premiumAnalysis: '30000000-0000-4000-8000-000000000008',
    /** Belongs to jordan. */
    jordanBloodWork: '30000000-0000-4000-8000-000000000009',
  },
  medications: {
    lisinopril: '40000000-0000-4000-8000-000000000001',
    metformin: '40000000-0000-4000-8000-000000000002',
    /** is_active false. */
    amoxicillinInactive: '40000000-0000-4000-8000-000000000003',
    /** is_active true but end_date in the past. */
    ibuprofenExpired: '40000000-0000-4000-8000-000000000004',
    /** Same drug name as `lisinopril`. */
    lisinoprilDuplicate: '40000000-0000-4000-8000-000000000005',
    vitaminD: '40000000-0000-4000-8000-000000000006',
    /** Belongs to jordan. */
    jordanAtorvastatin: '40000000-0000-4000-8000-000000000007',
  },
  appointments: {
    upcomingConfirmed: '50000000-0000-4000-8000-000000000001',
    upcomingScheduled: '50000000-0000-4000-8000-000000000002',
    pastCompleted: '50000000-0000-4000-8000-000000000003',
    pastCompletedOlder: '50000000-0000-4000-8000-000000000004',
    cancelled: '50000000-0000-4000-8000-000000000005',
    /** Belongs to jordan. */
    jordanUpcoming: '50000000-0000-4000-8000-000000000006',
  },
  consultations: {
    scheduledToday: '60000000-0000-4000-8000-000000000001',
    scheduledTomorrow: '60000000-0000-4000-8000-000000000002',
    inProgress: '60000000-0000-4000-8000-000000000003',
    completed: '60000000-0000-4000-8000-000000000004',
    cancelled: '60000000-0000-4000-8000-000000000005',
    /** Jordan with Sarah Chen. */
    jordanScheduled: '60000000-0000-4000-8000-000000000006',
  },
  notifications: {
    unreadAppointment: '70000000-0000-4000-8000-000000000001',
    unreadMedication: '70000000-0000-4000-8000-000000000002',
    readReport: '70000000-0000-4000-8000-000000000003',
    readWelcome: '70000000-0000-4000-8000-000000000004',
  },
} as const;

/** Meeting room ids (random-looking, fixed), keyed like DEMO_IDS.consultations. */
const DEMO_MEETING_ROOMS = {
  scheduledToday: 'mv-7f3k9q2x4d8w',
  scheduledTomorrow: 'mv-b2n6t8r1z5hc',
  inProgress: 'mv-q9w4e7y2u6pa',
  completed: 'mv-k5m1s3v8x0jd',
  cancelled: 'mv-h4g7f2c9b1ne',
  jordanScheduled: 'mv-z8x3c6v1b7nm',
} as const;

const SEED_LOCK_KEY = 724_001; // pg_advisory_xact_lock key: concurrent starts seed once.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const json = (value: unknown): string => JSON.stringify(value);

/** `days` from `base` at the given local wall-clock time. */
function dayAt(base: Date, days: number, hours: number, minutes = 0): Date {
  const d = new Date(base);
  d.setDate(d.getDate() + days);
  d.setHours(hours, minutes, 0, 0);
  return d;
}

/** A time later today (local), at least a minute ahead, ideally two hours ahead. */
function laterToday(now: Date): Date {
  const endOfDay = new Date(now);
  endOfDay.setHours(23, 59, 0, 0);
  const target = Math.min(now.getTime() + 2 * HOUR, endOfDay.getTime());
  return new Date(Math.max(target, now.getTime() + 60_000));
}

/** What the seed needs from its caller: the server's password hashing (db/ imports nothing from server/). */
interface SeedDependencies {
  hashPassword(plain: string): Promise<string>;
}

/** Each demo report's document has the report's id with 31 in place of its leading 30. */
export const demoDocumentId = (reportId: string) => `31${reportId.slice(2)}`;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function seedDemo(knex: Knex, { hashPassword }: SeedDependencies): Promise<DemoCredentials | null> {
  if (await knex('users').first('id')) return null;
  // Hash outside the transaction: argon2 is deliberately slow and must not hold locks.
  const [patientHash, doctorHash, adminHash] = await Promise.all([
    hashPassword(PATIENT_PASSWORD),
    hashPassword(DOCTOR_PASSWORD),
    hashPassword(ADMIN_PASSWORD),
  ]);
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const ahead = (ms: number) => new Date(now.getTime() + ms);

  const seeded = await knex.transaction(async (trx) => {
    // Checked again under the lock: another process may have seeded while we were hashing.
    await trx.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK_KEY]);
    if (await trx('users').first('id')) return false;

    const U = DEMO_IDS.users;
    const D = DEMO_IDS.doctors;

    await trx('users').insert([
      {
        id: U.patient,
        username: 'demo',
        email: 'demo@medivault.test',
        passwordHash: patientHash,
        firstName: 'Alex',
        lastName: 'Morgan',
        phone: '+1 555 010 0100',
        emergencyContact: json({ name: 'Jamie Morgan', relationship: 'spouse', phone: '+1 555 010 0101' }),
        biometricEnabled: false,
        role: 'patient',
        lastLogin: ago(2 * DAY),
        createdAt: ago(120 * DAY),
      },
      {
        id: U.jordan,
        username: 'jordan',
        email: 'jordan@medivault.test',
        passwordHash: patientHash,
        firstName: 'Jordan',
        lastName: 'Lee',
        phone: '+1 555 010 0200',
        emergencyContact: json({ name: 'Casey Lee', relationship: 'sibling', phone: '+1 555 010 0201' }),
        role: 'patient',
        createdAt: ago(60 * DAY),
      },
      {
        id: U.admin,
        username: 'admin',
        email: 'admin@medivault.test',
        passwordHash: adminHash,
        firstName: 'Avery',
        lastName: 'Admin',
        role: 'admin',
        createdAt: ago(200 * DAY),
      },
    ]);

    const weekdays = (range: string) => ({ monday: [range], tuesday: [range], wednesday: [range], thursday: [range], friday: [range] });
    await trx('doctors').insert([
      {
        id: D.sarahChen,
        name: 'Sarah Chen',
        specialty: 'General Practice',
        licenseNumber: 'MD-GP-104233',
        email: 'sarah.chen@medivault.test',
        passwordHash: doctorHash,
        phone: '+1 555 020 0101',
        bio: 'Family physician focused on preventive care, chronic disease management and clear, unhurried consultations.',
        experience: 12,
        education: 'MD, University of Toronto; Residency in Family Medicine, UCSF',
        availability: json({ ...weekdays('09:00-17:00'), saturday: ['10:00-14:00'] }),
        consultationFee: 7500,
        rating: '4.9',
        totalConsultations: 312,
        isAvailable: true,
        isVerified: true,
        createdAt: ago(400 * DAY),
      },
      {
        id: D.jamesOkafor,
        name: 'James Okafor',
        specialty: 'Cardiology',
        licenseNumber: 'MD-CA-208871',
        email: 'james.okafor@medivault.test',
        passwordHash: doctorHash,
        phone: '+1 555 020 0102',
        bio: 'Interventional cardiologist with an interest in hypertension and heart-rhythm disorders.',
        experience: 18,
        education: 'MD, Johns Hopkins; Fellowship in Cardiovascular Disease, Cleveland Clinic',
        availability: json(weekdays('08:00-15:00')),
        consultationFee: 15000,
        rating: '4.8',
        totalConsultations: 540,
        isAvailable: true,
        isVerified: true,
        createdAt: ago(380 * DAY),
      },
      {
        id: D.priyaRaman,
        name: 'Priya Raman',
        specialty: 'Dermatology',
        licenseNumber: 'MD-DE-315540',
        email: 'priya.raman@medivault.test',
        passwordHash: doctorHash,
        phone: '+1 555 020 0103',
        bio: 'Dermatologist treating eczema, acne and skin-cancer screening, including photo-based follow-ups.',
        experience: 9,
        education: 'MD, Stanford; Residency in Dermatology, NYU Langone',
        availability: json({ monday: ['12:00-18:00'], wednesday: ['12:00-18:00'], friday: ['09:00-13:00'] }),
        consultationFee: 11000,
        rating: '4.7',
        totalConsultations: 210,
        isAvailable: true,
        isVerified: true,
        createdAt: ago(300 * DAY),
      },
      {
        id: D.miguelAlvarez,
        name: 'Miguel Alvarez',
        specialty: 'Pediatrics',
        licenseNumber: 'MD-PE-402219',
        email: 'miguel.alvarez@medivault.test',
        passwordHash: doctorHash,
        phone: '+1 555 020 0104',
        bio: 'Pediatrician caring for newborns to teens; vaccinations, growth and development, childhood asthma.',
        experience: 14,
        education: "MD, Baylor College of Medicine; Residency in Pediatrics, Texas Children's Hospital",
        availability: json({ ...weekdays('08:30-16:30') }),
        consultationFee: 9000,
        rating: '4.9',
        totalConsultations: 430,
        isAvailable: true,
        isVerified: true,
        createdAt: ago(350 * DAY),
      },
      {
        id: D.elenaPetrova,
        name: 'Elena Petrova',
        specialty: 'Neurology',
        licenseNumber: 'MD-NE-517702',
        email: 'elena.petrova@medivault.test',
        passwordHash: doctorHash,
        phone: '+1 555 020 0105',
        bio: 'Neurologist specialising in migraine, epilepsy and sleep disorders. Currently not taking new bookings.',
        experience: 21,
        education: 'MD, Charité Berlin; Fellowship in Clinical Neurophysiology, Mayo Clinic',
        availability: json({ tuesday: ['09:00-12:00'], thursday: ['09:00-12:00'] }),
        consultationFee: 16000,
        rating: '4.6',
        totalConsultations: 180,
        isAvailable: false,
        isVerified: true,
        createdAt: ago(500 * DAY),
      },
      {
        id: D.danielBrooks,
        name: 'Daniel Brooks',
        specialty: 'Psychiatry',
        licenseNumber: 'MD-PS-620034',
        email: 'daniel.brooks@medivault.test',
        passwordHash: doctorHash,
        phone: '+1 555 020 0106',
        bio: 'Psychiatrist; application under review.',
        experience: 6,
        education: '',
        availability: json({}),
        consultationFee: 12000,
        rating: '4.5',
        totalConsultations: 0,
        isAvailable: true,
        isVerified: false,
        createdAt: ago(3 * DAY),
      },
    ]);

    const R = DEMO_IDS.reports;
    const reports = [
      {
        id: R.bloodWorkEarlier,
        userId: U.patient,
        title: 'Complete Blood Count',
        type: 'blood_work',
        status: 'review',
        reportDate: ago(60 * DAY),
        doctorName: 'Dr. Sarah Chen',
        facility: 'Riverside Medical Laboratory',
        summary: 'Hemoglobin slightly below the reference range; other counts normal. Recheck in 6-8 weeks.',
        results: json({
          hemoglobin: { value: 13.2, unit: 'g/dL', referenceRange: '13.5-17.5' },
          whiteBloodCells: { value: 7.1, unit: '10^3/uL', referenceRange: '4.5-11.0' },
          platelets: { value: 250, unit: '10^3/uL', referenceRange: '150-400' },
          hematocrit: { value: 39.5, unit: '%', referenceRange: '41-53' },
          ferritin: { value: 22, unit: 'ng/mL', referenceRange: '24-336' },
        }),
        isOfflineAvailable: true,
        createdAt: ago(60 * DAY),
        updatedAt: ago(60 * DAY),
      },
      {
        id: R.bloodWorkRecent,
        userId: U.patient,
        title: 'Complete Blood Count (follow-up)',
        type: 'blood_work',
        status: 'normal',
        reportDate: ago(10 * DAY),
        doctorName: 'Dr. Sarah Chen',
        facility: 'Riverside Medical Laboratory',
        summary: 'All values within reference ranges after iron supplementation.',
        results: json({
          hemoglobin: { value: 14.1, unit: 'g/dL', referenceRange: '13.5-17.5' },
          whiteBloodCells: { value: 6.4, unit: '10^3/uL', referenceRange: '4.5-11.0' },
          platelets: { value: 262, unit: '10^3/uL', referenceRange: '150-400' },
          hematocrit: { value: 42.0, unit: '%', referenceRange: '41-53' },
          ferritin: { value: 58, unit: 'ng/mL', referenceRange: '24-336' },
        }),
        isOfflineAvailable: true,
        createdAt: ago(10 * DAY),
        updatedAt: ago(10 * DAY),
      },
      {
        id: R.chestXray,
        userId: U.patient,
        title: 'Chest X-Ray',
        type: 'x_ray',
        status: 'normal',
        reportDate: ago(30 * DAY),
        doctorName: 'Dr. Hannah Weiss',
        facility: 'City Imaging Center',
        summary: 'No acute cardiopulmonary abnormality.',
        results: json({ findings: 'No acute abnormality', impressions: ['Clear lungs', 'Normal heart size'] }),
        isOfflineAvailable: false,
        createdAt: ago(30 * DAY),
        updatedAt: ago(30 * DAY),
      },
      {
        id: R.brainMri,
        userId: U.patient,
        title: 'Brain MRI',
        type: 'mri',
        status: 'urgent',
        reportDate: ago(45 * DAY),
        doctorName: 'Dr. Elena Petrova',
        facility: 'City Imaging Center',
        summary: 'Small lesion in the right frontal lobe; neurology follow-up recommended promptly.',
        // Deliberately a jsonb *string* holding serialized JSON, as older imports stored it.
        results: json(
          json({
            findings: '6 mm T2-hyperintense lesion, right frontal lobe',
            impressions: ['Likely benign', 'Follow-up MRI with contrast in 3 months'],
            contrast: false,
          }),
        ),
        isOfflineAvailable: false,
        createdAt: ago(45 * DAY),
        updatedAt: ago(45 * DAY),
      },
      {
        id: R.prescription,
        userId: U.patient,
        title: 'Blood Pressure Prescription',
        type: 'prescription',
        status: 'active',
        reportDate: ago(20 * DAY),
        doctorName: 'Dr. James Okafor',
        facility: 'Heart & Vascular Clinic',
        summary: 'Lisinopril 10 mg once daily for hypertension; review in 3 months.',
        results: json({
          medications: [{ name: 'Lisinopril', dosage: '10mg', frequency: 'once_daily', duration: '90 days' }],
          refills: 2,
        }),
        isOfflineAvailable: true,
        createdAt: ago(20 * DAY),
        updatedAt: ago(20 * DAY),
      },
      {
        id: R.consultation,
        userId: U.patient,
        title: 'Telemedicine Consultation Notes',
        type: 'consultation',
        status: 'normal',
        reportDate: ago(7 * DAY),
        doctorName: 'Dr. Sarah Chen',
        facility: 'MediVault Telemedicine',
        summary: 'Seasonal allergic rhinitis. Antihistamine started; return if symptoms persist beyond two weeks.',
        results: json({
          chiefComplaint: 'Sneezing and itchy eyes for one week',
          diagnosis: 'Seasonal allergic rhinitis',
          treatmentPlan: 'Cetirizine 10 mg once daily; saline nasal rinse',
          followUp: 'In 2 weeks if not improved',
        }),
        isOfflineAvailable: false,
        createdAt: ago(7 * DAY),
        updatedAt: ago(7 * DAY),
      },
      {
        id: R.heartRate,
        userId: U.patient,
        title: 'Heart Rate Monitoring (7 days)',
        type: 'heart_rate',
        status: 'review',
        reportDate: ago(3 * DAY),
        doctorName: 'Dr. James Okafor',
        facility: 'Heart & Vascular Clinic',
        summary: 'Occasional resting heart rate above 100 bpm in the evenings; discuss at the next visit.',
        results: json({
          restingHeartRate: { value: 78, unit: 'bpm', referenceRange: '60-100' },
          maxHeartRate: { value: 148, unit: 'bpm' },
          minHeartRate: { value: 52, unit: 'bpm', referenceRange: '40-60' },
          episodesAbove100AtRest: 3,
        }),
        isOfflineAvailable: true,
        createdAt: ago(3 * DAY),
        updatedAt: ago(3 * DAY),
      },
      {
        id: R.premiumAnalysis,
        userId: U.patient,
        title: 'Premium Health Analysis',
        type: 'premium_analysis',
        status: 'active',
        reportDate: ago(2 * DAY),
        doctorName: 'MediVault Analysis',
        facility: 'MediVault',
        summary: 'Iron levels recovered; blood pressure controlled on treatment; evening heart-rate spikes worth reviewing.',
        results: json({
          riskScore: { value: 22, unit: '/100', referenceRange: '0-30' },
          trends: { hemoglobin: 'improving', ferritin: 'improving', restingHeartRate: 'stable' },
          recommendations: ['Keep taking Lisinopril as prescribed', 'Repeat CBC in 6 months', 'Log evening heart rate for 2 weeks'],
        }),
        isOfflineAvailable: false,
        createdAt: ago(2 * DAY),
        updatedAt: ago(2 * DAY),
      },
      {
        id: R.jordanBloodWork,
        userId: U.jordan,
        title: 'Lipid Panel',
        type: 'blood_work',
        status: 'review',
        reportDate: ago(14 * DAY),
        doctorName: 'Dr. Sarah Chen',
        facility: 'Riverside Medical Laboratory',
        summary: 'LDL above target.',
        results: json({
          ldl: { value: 162, unit: 'mg/dL', referenceRange: '0-100' },
          hdl: { value: 48, unit: 'mg/dL', referenceRange: '40-60' },
          triglycerides: { value: 140, unit: 'mg/dL', referenceRange: '0-150' },
        }),
        isOfflineAvailable: false,
        createdAt: ago(14 * DAY),
        updatedAt: ago(14 * DAY),
      },
    ];
    // Every report has its original: a one-page PDF of its content, kept as uploads are.
    const originals = await Promise.all(reports.map(async (report) => ({ report, bytes: await demoReportPdf(report) })));
    await trx('documents').insert(
      originals.map(({ report, bytes }) => {
        const filename = `${report.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase()}.pdf`;
        return { id: demoDocumentId(report.id), userId: report.userId, filename, mimeType: 'application/pdf', byteSize: bytes.length, sha256: sha256(bytes), pages: 1, createdAt: report.createdAt };
      }),
    );
    await trx('document_files').insert(originals.map(({ report, bytes }) => ({ documentId: demoDocumentId(report.id), content: Buffer.from(bytes) })));
    await trx('medical_reports').insert(reports.map((report) => ({ ...report, changedBy: 'document', documentId: demoDocumentId(report.id), documentUrl: `/api/documents/${demoDocumentId(report.id)}/file` })));

    const M = DEMO_IDS.medications;
    await trx('medications').insert([
      {
        id: M.lisinopril,
        userId: U.patient,
        name: 'Lisinopril',
        dosage: '10mg',
        frequency: 'once_daily',
        reminderTimes: json(['08:00']),
        prescribedBy: 'Dr. James Okafor',
        startDate: ago(90 * DAY),
        endDate: null,
        instructions: 'Take in the morning with water.',
        isActive: true,
        createdAt: ago(90 * DAY),
        updatedAt: ago(90 * DAY),
      },
      {
        id: M.metformin,
        userId: U.patient,
        name: 'Metformin',
        dosage: '500mg',
        frequency: 'twice_daily',
        reminderTimes: json(['08:00', '20:00']),
        prescribedBy: 'Dr. Sarah Chen',
        startDate: ago(45 * DAY),
        endDate: ahead(135 * DAY),
        instructions: 'Take with meals.',
        isActive: true,
        createdAt: ago(45 * DAY),
        updatedAt: ago(45 * DAY),
      },
      {
        id: M.amoxicillinInactive,
        userId: U.patient,
        name: 'Amoxicillin',
        dosage: '500mg',
        frequency: 'three_times_daily',
        reminderTimes: json(['07:00', '15:00', '23:00']),
        prescribedBy: 'Dr. Sarah Chen',
        startDate: ago(40 * DAY),
        endDate: ago(30 * DAY),
        instructions: 'Finish the full course.',
        isActive: false,
        createdAt: ago(40 * DAY),
        updatedAt: ago(30 * DAY),
      },
      {
        id: M.ibuprofenExpired,
        userId: U.patient,
        name: 'Ibuprofen',
        dosage: '400mg',
        frequency: 'as_needed',
        reminderTimes: json(['12:00']),
        prescribedBy: 'Dr. Sarah Chen',
        startDate: ago(20 * DAY),
        endDate: ago(5 * DAY),
        instructions: 'Take with food, no more than 3 times a day.',
        isActive: true,
        createdAt: ago(20 * DAY),
        updatedAt: ago(20 * DAY),
      },
      {
        id: M.lisinoprilDuplicate,
        userId: U.patient,
        name: 'Lisinopril',
        dosage: '20mg',
        frequency: 'once_daily',
        reminderTimes: json(['21:00']),
        prescribedBy: 'Dr. Sarah Chen',
        startDate: ago(10 * DAY),
        endDate: null,
        instructions: 'Evening dose.',
        isActive: true,
        createdAt: ago(10 * DAY),
        updatedAt: ago(10 * DAY),
      },
      {
        id: M.vitaminD,
        userId: U.patient,
        name: 'Vitamin D3',
        dosage: '1000 IU',
        frequency: 'weekly',
        reminderTimes: json(['09:00']),
        prescribedBy: null,
        startDate: ago(60 * DAY),
        endDate: null,
        instructions: null,
        isActive: true,
        createdAt: ago(60 * DAY),
        updatedAt: ago(60 * DAY),
      },
      {
        id: M.jordanAtorvastatin,
        userId: U.jordan,
        name: 'Atorvastatin',
        dosage: '20mg',
        frequency: 'once_daily',
        reminderTimes: json(['22:00']),
        prescribedBy: 'Dr. Sarah Chen',
        startDate: ago(12 * DAY),
        endDate: null,
        instructions: 'Take at bedtime.',
        isActive: true,
        createdAt: ago(12 * DAY),
        updatedAt: ago(12 * DAY),
      },
    ]);

    const A = DEMO_IDS.appointments;
    await trx('appointments').insert([
      {
        id: A.upcomingConfirmed,
        userId: U.patient,
        doctorName: 'Dr. James Okafor',
        doctorId: D.jamesOkafor,
        specialty: 'Cardiology',
        facility: 'Heart & Vascular Clinic',
        facilityAddress: '200 Harbor Way, Suite 4, Springfield',
        appointmentDate: dayAt(now, 3, 10, 30),
        duration: 30,
        type: 'in_person',
        status: 'confirmed',
        reason: 'Blood pressure review',
        notes: 'Bring home blood-pressure log.',
        reminderSent: true,
        cost: 15000,
        insuranceCovered: true,
        confirmationCode: 'MV-8K2P4Q',
        createdAt: ago(10 * DAY),
        updatedAt: ago(2 * DAY),
      },
      {
        id: A.upcomingScheduled,
        userId: U.patient,
        doctorName: 'Dr. Priya Raman',
        doctorId: D.priyaRaman,
        specialty: 'Dermatology',
        facility: 'Skin Health Partners',
        facilityAddress: '48 Elm Street, Springfield',
        appointmentDate: dayAt(now, 10, 14, 0),
        duration: 45,
        type: 'in_person',
        status: 'scheduled',
        reason: 'Annual skin check',
        notes: null,
        reminderSent: false,
        cost: 11000,
        insuranceCovered: false,
        confirmationCode: 'MV-3R7T1W',
        createdAt: ago(4 * DAY),
        updatedAt: ago(4 * DAY),
      },
      {
        id: A.pastCompleted,
        userId: U.patient,
        doctorName: 'Dr. Sarah Chen',
        doctorId: D.sarahChen,
        specialty: 'General Medicine',
        facility: 'Riverside Family Practice',
        facilityAddress: '12 River Road, Springfield',
        appointmentDate: dayAt(now, -30, 9, 0),
        duration: 30,
        type: 'in_person',
        status: 'completed',
        reason: 'Follow-up on blood results',
        notes: 'Iron supplementation started.',
        reminderSent: true,
        cost: 7500,
        insuranceCovered: true,
        confirmationCode: 'MV-5H9J2L',
        createdAt: ago(40 * DAY),
        updatedAt: ago(30 * DAY),
      },
      {
        id: A.pastCompletedOlder,
        userId: U.patient,
        doctorName: 'Dr. Hannah Weiss',
        doctorId: null,
        specialty: 'Radiology',
        facility: 'City Imaging Center',
        facilityAddress: '901 Market Street, Springfield',
        appointmentDate: dayAt(now, -90, 11, 15),
        duration: 60,
        type: 'imaging',
        status: 'completed',
        reason: 'MRI scan',
        notes: null,
        reminderSent: true,
        cost: 20000,
        insuranceCovered: true,
        confirmationCode: 'MV-6C4V8B',
        createdAt: ago(100 * DAY),
        updatedAt: ago(90 * DAY),
      },
      {
        id: A.cancelled,
        userId: U.patient,
        doctorName: 'Dr. Miguel Alvarez',
        doctorId: D.miguelAlvarez,
        specialty: 'Pediatrics',
        facility: 'Sunnyside Children Clinic',
        facilityAddress: '7 Park Lane, Springfield',
        appointmentDate: dayAt(now, 5, 16, 0),
        duration: 30,
        type: 'in_person',
        status: 'cancelled',
        reason: 'Vaccination (family member)',
        notes: 'Cancelled by patient.',
        reminderSent: false,
        cost: 9000,
        insuranceCovered: false,
        confirmationCode: 'MV-2N1M7X',
        createdAt: ago(8 * DAY),
        updatedAt: ago(1 * DAY),
      },
      {
        id: A.jordanUpcoming,
        userId: U.jordan,
        doctorName: 'Dr. James Okafor',
        doctorId: D.jamesOkafor,
        specialty: 'Cardiology',
        facility: 'Heart & Vascular Clinic',
        facilityAddress: '200 Harbor Way, Suite 4, Springfield',
        appointmentDate: dayAt(now, 6, 9, 30),
        duration: 30,
        type: 'in_person',
        status: 'scheduled',
        reason: 'Cholesterol review',
        notes: null,
        reminderSent: false,
        cost: 15000,
        insuranceCovered: true,
        confirmationCode: 'MV-9D5F3G',
        createdAt: ago(5 * DAY),
        updatedAt: ago(5 * DAY),
      },
    ]);

    const C = DEMO_IDS.consultations;
    const fee = 7500; // Sarah Chen's consultation fee
    await trx('consultations').insert([
      {
        id: C.scheduledToday,
        patientId: U.patient,
        doctorId: D.sarahChen,
        appointmentDate: laterToday(now),
        duration: 30,
        status: 'scheduled',
        consultationType: 'video',
        meetingRoomId: DEMO_MEETING_ROOMS.scheduledToday,
        symptoms: 'Persistent dry cough for ten days, worse at night.',
        patientNotes: 'No fever. Non-smoker.',
        fee,
        paymentStatus: 'paid',
        createdAt: ago(2 * DAY),
        updatedAt: ago(2 * DAY),
      },
      {
        id: C.scheduledTomorrow,
        patientId: U.patient,
        doctorId: D.sarahChen,
        appointmentDate: dayAt(now, 1, 10, 0),
        duration: 30,
        status: 'scheduled',
        consultationType: 'audio',
        meetingRoomId: DEMO_MEETING_ROOMS.scheduledTomorrow,
        symptoms: 'Medication review: new Lisinopril dose.',
        patientNotes: null,
        fee,
        paymentStatus: 'pending',
        createdAt: ago(1 * DAY),
        updatedAt: ago(1 * DAY),
      },
      {
        id: C.inProgress,
        patientId: U.patient,
        doctorId: D.sarahChen,
        appointmentDate: ago(10 * 60_000),
        duration: 30,
        status: 'in_progress',
        consultationType: 'video',
        meetingRoomId: DEMO_MEETING_ROOMS.inProgress,
        symptoms: 'Rash on forearm after gardening.',
        patientNotes: 'Itchy, spreading slowly.',
        fee,
        paymentStatus: 'paid',
        startedAt: ago(8 * 60_000),
        createdAt: ago(3 * DAY),
        updatedAt: ago(8 * 60_000),
      },
      {
        id: C.completed,
        patientId: U.patient,
        doctorId: D.sarahChen,
        appointmentDate: dayAt(now, -7, 15, 0),
        duration: 30,
        status: 'completed',
        consultationType: 'video',
        meetingRoomId: DEMO_MEETING_ROOMS.completed,
        symptoms: 'Sneezing, runny nose and itchy eyes for a week.',
        diagnosis: 'Seasonal allergic rhinitis',
        prescription: json({
          medications: [
            { name: 'Cetirizine', dosage: '10mg', frequency: 'once_daily', duration: '14 days', instructions: 'Take in the evening.' },
            { name: 'Saline nasal spray', dosage: '2 sprays per nostril', frequency: 'twice_daily', duration: '14 days' },
          ],
          instructions: 'Avoid outdoor activity on high-pollen days.',
        }),
        followUpDate: dayAt(now, 7, 15, 0),
        consultationNotes: 'Clear nasal discharge, mild conjunctival injection. Lungs clear. No fever.',
        patientNotes: 'Symptoms started after spring cleaning.',
        fee,
        paymentStatus: 'paid',
        rating: 5,
        feedback: 'Very thorough and kind.',
        startedAt: dayAt(now, -7, 15, 2),
        completedAt: dayAt(now, -7, 15, 27),
        createdAt: ago(10 * DAY),
        updatedAt: ago(7 * DAY),
      },
      {
        id: C.cancelled,
        patientId: U.patient,
        doctorId: D.sarahChen,
        appointmentDate: dayAt(now, 3, 11, 0),
        duration: 30,
        status: 'cancelled',
        consultationType: 'chat',
        meetingRoomId: DEMO_MEETING_ROOMS.cancelled,
        symptoms: 'Question about travel vaccinations.',
        fee,
        paymentStatus: 'refunded',
        cancelledAt: ago(1 * DAY),
        createdAt: ago(4 * DAY),
        updatedAt: ago(1 * DAY),
      },
      {
        id: C.jordanScheduled,
        patientId: U.jordan,
        doctorId: D.sarahChen,
        appointmentDate: dayAt(now, 2, 13, 30),
        duration: 30,
        status: 'scheduled',
        consultationType: 'video',
        meetingRoomId: DEMO_MEETING_ROOMS.jordanScheduled,
        symptoms: 'Discuss cholesterol results.',
        fee,
        paymentStatus: 'pending',
        createdAt: ago(1 * DAY),
        updatedAt: ago(1 * DAY),
      },
    ]);

    const N = DEMO_IDS.notifications;
    await trx('notifications').insert([
      {
        id: N.unreadAppointment,
        userId: U.patient,
        title: 'Upcoming appointment',
        message: 'Cardiology with Dr. James Okafor in 3 days.',
        type: 'appointment_reminder',
        isRead: false,
        scheduledFor: ahead(2 * DAY),
        createdAt: ago(1 * HOUR),
      },
      {
        id: N.unreadMedication,
        userId: U.patient,
        title: 'Medication reminder',
        message: 'Time to take Lisinopril 10mg.',
        type: 'medication_reminder',
        isRead: false,
        scheduledFor: null,
        createdAt: ago(3 * HOUR),
      },
      {
        id: N.readReport,
        userId: U.patient,
        title: 'New report available',
        message: 'Your Complete Blood Count (follow-up) results are ready.',
        type: 'report',
        isRead: true,
        scheduledFor: null,
        createdAt: ago(10 * DAY),
      },
      {
        id: N.readWelcome,
        userId: U.patient,
        title: 'Welcome to MediVault',
        message: 'Your records are encrypted and available wherever you are.',
        type: 'general',
        isRead: true,
        scheduledFor: null,
        createdAt: ago(120 * DAY),
      },
    ]);

    return true;
  });

  return seeded ? DEMO_CREDENTIALS : null;
}

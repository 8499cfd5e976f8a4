import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { doctorAccountResponse, listOf } from '../presenters/response-schemas';
import { adminOnly } from '../policies/route-policy';
import { findRosterDoctor, rosterDoctors } from '../policies/doctor';
import { adminDoctorCreateSchema, adminDoctorUpdateSchema, verificationSchema } from '../../common/schemas/doctor';
import { Doctor } from '../../db/models';
import { hashPassword } from '../services/passwords';
import { presentDoctorAccount } from '../presenters/doctor';
import { recordAudit } from '../services/audit';
import type { AppContext } from '../context';
import { UniqueViolationError } from 'objection';
import { Conflict } from '../errors';
import { patchIfCurrent } from '../services/versioned-write';
import { userUsesEmail } from '../services/account-emails';

const EMAIL_TAKEN = 'A doctor with this email already exists';
const PATIENT_EMAIL = 'This email belongs to a patient account: use another address for the doctor';

/** One address names one person: a patient's (or admin's) address cannot become a doctor's. */
async function assertNotPatientEmail(email: string | undefined): Promise<void> {
  if (email && (await userUsesEmail(email))) throw new Conflict(PATIENT_EMAIL, { email: PATIENT_EMAIL });
}

/** The unique index on lower(email) is the source of truth, so two concurrent saves cannot both win. */
async function withUniqueEmail<T>(save: () => PromiseLike<T>): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (err instanceof UniqueViolationError) throw new Conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}

function audit(ctx: AppContext, action: string, doctor: Doctor) {
  return recordAudit(ctx, { action, outcome: 'success', resourceType: 'doctor', resourceId: doctor.id });
}

/** The admin roster: add, edit and verify doctors. Admins never reach patient data through these. */
export function registerAdminDoctorsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/admin/doctors',
    summary: 'The doctor roster',
    policy: adminOnly,
    response: listOf(doctorAccountResponse),
    handler: async (ctx) => {
      const [doctors] = await Promise.all([rosterDoctors(), recordAudit(ctx, { action: 'admin.list_doctors', outcome: 'success', resourceType: 'doctor' })]);
      return doctors.map(presentDoctorAccount);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/admin/doctors',
    summary: 'Add a doctor to the roster',
    policy: adminOnly,
    body: adminDoctorCreateSchema,
    status: 201,
    response: doctorAccountResponse,
    handler: async (ctx, { body }) => {
      const { password, ...fields } = body;
      await assertNotPatientEmail(fields.email);
      const passwordHash = await hashPassword(password);
      const doctor = await withUniqueEmail(() =>
        Doctor.query().insertAndFetch({
          ...fields,
          email: fields.email.toLowerCase(),
          bio: fields.bio ?? null,
          education: fields.education ?? '',
          availability: (fields.availability ?? {}) as Doctor['availability'],
          passwordHash,
        }),
      );
      await audit(ctx, 'admin.create_doctor', doctor);
      return presentDoctorAccount(doctor);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/admin/doctors/:id',
    summary: "Change a doctor's profile",
    policy: adminOnly,
    body: adminDoctorUpdateSchema,
    response: doctorAccountResponse,
    handler: async (ctx, { params, body }) => {
      const doctor = await findRosterDoctor(params.id!);
      const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<Doctor>;
      if (changes.email) changes.email = changes.email.toLowerCase();
      await assertNotPatientEmail(changes.email);
      const updated = await withUniqueEmail(() => patchIfCurrent(ctx, doctor, changes, presentDoctorAccount));
      await audit(ctx, 'admin.update_doctor', updated);
      return presentDoctorAccount(updated);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/admin/doctors/:id/verification',
    summary: 'Verify or unverify a doctor',
    policy: adminOnly,
    body: verificationSchema,
    response: doctorAccountResponse,
    handler: async (ctx, { params, body }) => {
      const doctor = await findRosterDoctor(params.id!);
      const updated = await doctor.$query().patchAndFetch({ isVerified: body.isVerified });
      await audit(ctx, body.isVerified ? 'admin.verify_doctor' : 'admin.unverify_doctor', updated);
      return presentDoctorAccount(updated);
    },
  });
}

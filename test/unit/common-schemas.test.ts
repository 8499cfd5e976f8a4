import type { AnySchema } from 'yup';
import { appointmentFormSchema, appointmentInitialValues, appointmentPayloadSchema, appointmentRescheduleSchema, reminderSchema, toAppointmentPayload } from '../../common/schemas/appointment';
import { chatSendSchema } from '../../common/schemas/chat';
import { consultationCompleteSchema, consultationInitialValues, consultationInsertSchema, consultationRescheduleSchema, consultationStatusSchema, toConsultationPayload } from '../../common/schemas/consultation';
import { adminDoctorCreateSchema, adminDoctorEditFormSchema, adminDoctorFormSchema, adminDoctorUpdateSchema, doctorFormInitialValues, toDoctorPayload, verificationSchema } from '../../common/schemas/doctor';
import { localDateString } from '../../common/schemas/helpers';
import { emailLoginSchema, loginSchema } from '../../common/schemas/login';
import { medicationInitialValues, medicationSchema, medicationUpdateSchema, toMedicationPayload } from '../../common/schemas/medication';
import { paymentIntentSchema, requestedPlan } from '../../common/schemas/misc';
import { signupFormSchema, signupInitialValues, signupPayloadSchema, toSignupPayload, type SignupFormValues } from '../../common/schemas/signup';
import {
  ADMIN_SPECIALTIES,
  APPOINTMENT_SPECIALTIES,
  CONSULTATION_TYPE_LABELS,
  MEDICATION_FREQUENCY_LABELS,
  PLANS,
  REPORT_TYPE_LABELS,
  formatCents,
  greetingFor,
} from '../../common/constants';
import { isValidIsoDate } from '../../common/schemas/helpers';
import { signupBody } from '../support/signup';

/** How the server's validate middleware runs every schema. */
const SERVER = { abortEarly: false, stripUnknown: false } as const;

interface YupLikeError {
  inner: { path?: string; message: string }[];
  path?: string;
  message: string;
}

/** All messages by field path ('' for the object itself); {} when valid. */
async function errorsOf(schema: AnySchema, value: unknown): Promise<Record<string, string[]>> {
  try {
    await schema.validate(value, SERVER);
    return {};
  } catch (err) {
    const e = err as YupLikeError;
    const out: Record<string, string[]> = {};
    const list = e.inner.length > 0 ? e.inner : [e];
    for (const item of list) (out[item.path ?? ''] ??= []).push(item.message);
    return out;
  }
}

async function firstError(schema: AnySchema, value: unknown, path: string): Promise<string | undefined> {
  return (await errorsOf(schema, value))[path]?.[0];
}

const UUID = '5b1f0d7e-3c1a-4e2b-9f00-1234567890ab';
const FAR_FUTURE_ISO = '2099-06-01T10:00:00.000Z';
const PAST_ISO = '2000-01-01T10:00:00.000Z';

function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return localDateString(d);
}
function yesterday(): string {
  const d = new Date();
  d.setDate(d.getDate() - 1);
  return localDateString(d);
}

const validSignupPayload = signupBody();

const validSignupForm: SignupFormValues = {
  ...signupInitialValues,
  ...validSignupPayload,
};

// ---------------------------------------------------------------------------

describe('signup', () => {
  it('accepts a valid form and payload', async () => {
    expect(await errorsOf(signupFormSchema, validSignupForm)).toEqual({});
    expect(await errorsOf(signupPayloadSchema, validSignupPayload)).toEqual({});
    expect(
      await errorsOf(signupPayloadSchema, {
        ...validSignupPayload,
        phone: '+1 555 0100',
        emergencyContact: { name: 'Sam', phone: '555', relation: 'spouse' },
      }),
    ).toEqual({});
  });

  it('gives the spec messages for names, username, email and password', async () => {
    const bad = { ...validSignupPayload, firstName: 'A', lastName: 'B', email: 'not-an-email', password: 'xq7z9', confirmPassword: 'xq7z9' };
    const errors = await errorsOf(signupPayloadSchema, bad);
    expect(errors.firstName).toEqual(['First name must be at least 2 characters']);
    expect(errors.lastName).toEqual(['Last name must be at least 2 characters']);
    expect(errors.email).toEqual(['Please enter a valid email address']);
    expect(errors.password).toEqual(['Password must be at least 8 characters']);

    expect(await firstError(signupPayloadSchema, { ...bad, username: 'ab' }, 'username')).toBe(
      'Username must be at least 3 characters',
    );
    expect(await firstError(signupPayloadSchema, { ...bad, username: 'a'.repeat(21) }, 'username')).toBe(
      'Username must not exceed 20 characters',
    );
    expect(await firstError(signupPayloadSchema, { ...bad, username: 'alex-m' }, 'username')).toBe(
      'Username can only contain letters, numbers, and underscores',
    );
    expect(await firstError(signupPayloadSchema, { ...bad, username: 'a'.repeat(20) }, 'username')).toBeUndefined();
  });

  it('requires matching passwords and both consents', async () => {
    const errors = await errorsOf(signupFormSchema, {
      ...validSignupForm,
      confirmPassword: 'secret2',
      termsAccepted: false,
      privacyAccepted: false,
    });
    expect(errors.confirmPassword).toEqual(['Passwords do not match']);
    expect(errors.termsAccepted).toEqual(['You must accept the terms and conditions']);
    expect(errors.privacyAccepted).toEqual(['You must accept the privacy policy']);
  });

  it('names each missing required field', async () => {
    const errors = await errorsOf(signupPayloadSchema, {});
    expect(errors.firstName).toEqual(['First name is required']);
    expect(errors.lastName).toEqual(['Last name is required']);
    expect(errors.username).toEqual(['Username is required']);
    expect(errors.email).toEqual(['Email is required']);
    expect(errors.password).toEqual(['Password is required']);
    expect(errors.confirmPassword).toEqual(['Please confirm your password']);
    expect(errors.termsAccepted).toEqual(['You must accept the terms and conditions']);
    expect(errors.privacyAccepted).toEqual(['You must accept the privacy policy']);
  });

  it('treats phone and emergency contact as optional, but checks the relationship', async () => {
    expect(await errorsOf(signupFormSchema, { ...validSignupForm, phone: '', emergencyContactName: '' })).toEqual({});
    expect(
      await firstError(signupFormSchema, { ...validSignupForm, emergencyContactRelation: 'cousin' }, 'emergencyContactRelation'),
    ).toBe('Please choose a relationship');
    expect(
      await firstError(
        signupPayloadSchema,
        { ...validSignupPayload, emergencyContact: { name: 'Sam', phone: '555', relation: 'cousin' } },
        'emergencyContact.relation',
      ),
    ).toBe('Please choose a relationship');
  });

  it('rejects unknown fields on the server, nested ones included', async () => {
    const errors = await errorsOf(signupPayloadSchema, {
      ...validSignupPayload,
      isAdmin: true,
      emergencyContact: { name: 'Sam', phone: '555', relation: 'friend', note: 'x' },
    });
    expect(errors['']).toEqual(['Unknown field: isAdmin']);
    expect(errors.emergencyContact).toEqual(['Unknown field: note']);
  });

  it('drops unknown fields silently without stripUnknown: false (as Formik validates)', async () => {
    await expect(signupPayloadSchema.validate({ ...validSignupPayload, extra: 1 })).resolves.not.toHaveProperty('extra');
  });

  it('rejects a string field over 10,000 characters', async () => {
    expect(await firstError(signupPayloadSchema, { ...validSignupPayload, phone: '1'.repeat(10_001) }, 'phone')).toBe(
      'Phone must be at most 10,000 characters',
    );
  });

  describe('toSignupPayload', () => {
    it('adds emergencyContact only when name, phone and relation are all filled', () => {
      const full = toSignupPayload({
        ...validSignupForm,
        emergencyContactName: ' Sam Morgan ',
        emergencyContactPhone: '555-0101',
        emergencyContactRelation: 'sibling',
      });
      expect(full.emergencyContact).toEqual({ name: 'Sam Morgan', phone: '555-0101', relation: 'sibling' });
      expect(full).not.toHaveProperty('emergencyContactName');
      expect(full).not.toHaveProperty('emergencyContactPhone');
      expect(full).not.toHaveProperty('emergencyContactRelation');

      const partial = toSignupPayload({
        ...validSignupForm,
        emergencyContactName: 'Sam',
        emergencyContactPhone: '',
        emergencyContactRelation: 'sibling',
      });
      expect(partial).not.toHaveProperty('emergencyContact');
      expect(toSignupPayload(validSignupForm)).not.toHaveProperty('emergencyContact');
    });

    it('carries every other field and validates against the payload schema', async () => {
      const payload = toSignupPayload({ ...validSignupForm, phone: '555-0100' });
      expect(payload).toMatchObject({ ...validSignupPayload, phone: '555-0100' });
      expect(await errorsOf(signupPayloadSchema, payload)).toEqual({});
    });
  });
});

describe('login', () => {
  it('requires username/email and password', async () => {
    const errors = await errorsOf(loginSchema, { usernameOrEmail: '', password: '' });
    expect(errors.usernameOrEmail).toEqual(['Username or email is required']);
    expect(errors.password).toEqual(['Password is required']);
    expect(await errorsOf(loginSchema, { usernameOrEmail: 'alex', password: 'x' })).toEqual({});
  });

  it('email variant wants a valid email and a non-empty password', async () => {
    expect(await firstError(emailLoginSchema, { email: 'nope', password: 'x' }, 'email')).toBe('Valid email is required');
    expect(await firstError(emailLoginSchema, { email: '', password: 'x' }, 'email')).toBe('Valid email is required');
    expect(await firstError(emailLoginSchema, { email: 'a@b.co', password: '' }, 'password')).toBe('Password is required');
    expect(await errorsOf(emailLoginSchema, { email: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('medication', () => {
  const valid = { name: 'Metformin', dosage: '500 mg', frequency: 'twice_daily' };

  it('requires name, dosage and a known frequency', async () => {
    const errors = await errorsOf(medicationSchema, {});
    expect(errors.name).toEqual(['Medication name is required']);
    expect(errors.dosage).toEqual(['Dosage is required']);
    expect(errors.frequency).toEqual(['Frequency is required']);
    expect(await firstError(medicationSchema, { ...valid, frequency: 'hourly' }, 'frequency')).toBe(
      'Please choose a valid frequency',
    );
  });

  it("defaults reminderTimes to ['08:00'] and startDate to now (ISO)", async () => {
    const before = Date.now();
    const out = await medicationSchema.validate(valid, SERVER);
    expect(out.reminderTimes).toEqual(['08:00']);
    expect(Date.parse(out.startDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(out.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('checks reminder time format and end date order', async () => {
    expect(await firstError(medicationSchema, { ...valid, reminderTimes: ['8am'] }, 'reminderTimes[0]')).toBe(
      'Reminder times must be in HH:MM format',
    );
    expect(
      await firstError(medicationSchema, { ...valid, startDate: '2025-03-10T00:00:00.000Z', endDate: '2025-03-01T00:00:00.000Z' }, 'endDate'),
    ).toBe('End date must be after the start date');
    expect(await firstError(medicationSchema, { ...valid, endDate: 'someday' }, 'endDate')).toBe('End date must be a valid date');
    expect(
      await errorsOf(medicationSchema, {
        ...valid,
        reminderTimes: ['08:00', '20:30'],
        startDate: '2025-03-01T00:00:00.000Z',
        endDate: '2025-03-10T00:00:00.000Z',
        prescribedBy: 'Dr. Lee',
        instructions: 'With food',
      }),
    ).toEqual({});
  });

  it('update accepts any subset plus isActive', async () => {
    expect(await errorsOf(medicationUpdateSchema, { isActive: false })).toEqual({});
    expect(await firstError(medicationUpdateSchema, { isActive: 'maybe' }, 'isActive')).toBe('Active must be true or false');
    expect(await errorsOf(medicationUpdateSchema, { userId: UUID })).toEqual({ '': ['Unknown field: userId'] });
  });

  it('toMedicationPayload sends ISO dates, now when start is empty, and omits an empty end date', () => {
    const payload = toMedicationPayload({ ...medicationInitialValues(), ...valid, frequency: 'twice_daily' });
    expect(payload.startDate).toMatch(/Z$/);
    expect(payload).not.toHaveProperty('endDate');
    const dated = toMedicationPayload({ ...medicationInitialValues(), ...valid, frequency: 'weekly', startDate: '2025-03-01', endDate: '2025-04-01' });
    expect(dated.startDate).toBe(new Date(2025, 2, 1).toISOString());
    expect(dated.endDate).toBe(new Date(2025, 3, 1).toISOString());
  });
});

describe('appointment', () => {
  const validForm = {
    ...appointmentInitialValues,
    doctorName: 'Dr. Ada Lee',
    specialty: 'Cardiology' as const,
    facility: 'City Clinic',
    date: '2099-01-15',
    time: '14:30',
    cost: 75,
  };

  it('form requires doctor, specialty, facility, date and time', async () => {
    const errors = await errorsOf(appointmentFormSchema, {});
    expect(errors.doctorName).toEqual(['Doctor name is required']);
    expect(errors.specialty).toEqual(['Please choose a specialty']);
    expect(errors.facility).toEqual(['Facility is required']);
    expect(errors.date).toEqual(['Date is required']);
    expect(errors.time).toEqual(['Time is required']);
    expect(await errorsOf(appointmentFormSchema, validForm)).toEqual({});
  });

  it('form date is today or later; time is HH:MM', async () => {
    expect(await firstError(appointmentFormSchema, { ...validForm, date: yesterday() }, 'date')).toBe(
      'Appointment date cannot be in the past',
    );
    expect(await firstError(appointmentFormSchema, { ...validForm, date: localDateString() }, 'date')).toBeUndefined();
    expect(await firstError(appointmentFormSchema, { ...validForm, date: tomorrow() }, 'date')).toBeUndefined();
    expect(await firstError(appointmentFormSchema, { ...validForm, date: '2099-02-30' }, 'date')).toBe('Please enter a valid date');
    expect(await firstError(appointmentFormSchema, { ...validForm, time: '2:30pm' }, 'time')).toBe('Time must be in HH:MM format');
    expect(await firstError(appointmentFormSchema, { ...validForm, specialty: 'Oncology' }, 'specialty')).toBe(
      'Please choose a specialty',
    );
  });

  it('form cost defaults to 0 and cannot be negative', async () => {
    const out = await appointmentFormSchema.validate({ ...validForm, cost: '' }, SERVER);
    expect(out.cost).toBe(0);
    expect(out.insuranceCovered).toBe(false);
    expect(await firstError(appointmentFormSchema, { ...validForm, cost: -1 }, 'cost')).toBe('Cost cannot be negative');
  });

  it('toAppointmentPayload combines local date and time into ISO and converts dollars to cents', async () => {
    const payload = toAppointmentPayload({ ...validForm, reason: 'Checkup', notes: '' });
    expect(payload.appointmentDate).toBe(new Date(2099, 0, 15, 14, 30).toISOString());
    expect(payload.appointmentTime).toBe('14:30');
    expect(payload.cost).toBe(7500);
    expect(payload.insuranceCovered).toBe(false);
    expect(payload.reason).toBe('Checkup');
    expect(payload).not.toHaveProperty('notes');
    expect(await errorsOf(appointmentPayloadSchema, payload)).toEqual({});
  });

  it('payload: date not in the past, cost integer cents >= 0, defaults applied', async () => {
    const base = { doctorName: 'Dr. Lee', specialty: 'Neurology', facility: 'Clinic', appointmentDate: FAR_FUTURE_ISO };
    const out = await appointmentPayloadSchema.validate(base, SERVER);
    expect(out.cost).toBe(0);
    expect(out.insuranceCovered).toBe(false);
    expect(await firstError(appointmentPayloadSchema, { ...base, appointmentDate: PAST_ISO }, 'appointmentDate')).toBe(
      'Appointment date cannot be in the past',
    );
    expect(await firstError(appointmentPayloadSchema, { ...base, appointmentDate: undefined }, 'appointmentDate')).toBe(
      'Appointment date is required',
    );
    expect(await firstError(appointmentPayloadSchema, { ...base, cost: 12.5 }, 'cost')).toBe('Cost must be a whole number of cents');
    expect(await firstError(appointmentPayloadSchema, { ...base, cost: -100 }, 'cost')).toBe('Cost cannot be negative');
    expect(await firstError(appointmentPayloadSchema, { ...base, userId: UUID }, '')).toBe('Unknown field: userId');
  });

  it('reschedule and reminder bodies', async () => {
    expect(await errorsOf(appointmentRescheduleSchema, { appointmentDate: FAR_FUTURE_ISO })).toEqual({});
    expect(await firstError(appointmentRescheduleSchema, { appointmentDate: PAST_ISO }, 'appointmentDate')).toBe(
      'Appointment date cannot be in the past',
    );
    expect(await errorsOf(reminderSchema, { reminderEnabled: true })).toEqual({});
    expect(await firstError(reminderSchema, {}, 'reminderEnabled')).toBe('Reminder setting is required');
  });
});

describe('consultation', () => {
  const valid = { doctorId: UUID, appointmentDate: FAR_FUTURE_ISO, symptoms: 'Headache for three days' };

  it('applies defaults and accepts fee', async () => {
    const out = await consultationInsertSchema.validate({ ...valid, fee: 7500 }, SERVER);
    expect(out.duration).toBe(30);
    expect(out.consultationType).toBe('video');
  });

  it('gives a message for each rule', async () => {
    const errors = await errorsOf(consultationInsertSchema, {});
    expect(errors.doctorId).toEqual(['Please choose a doctor']);
    expect(errors.appointmentDate).toEqual(['Please choose a date and time']);
    expect(errors.symptoms).toEqual(['Please describe your symptoms']);
    expect(await firstError(consultationInsertSchema, { ...valid, doctorId: 'dr-1' }, 'doctorId')).toBe('Please choose a doctor');
    expect(await firstError(consultationInsertSchema, { ...valid, appointmentDate: PAST_ISO }, 'appointmentDate')).toBe(
      'Consultation date cannot be in the past',
    );
    expect(await firstError(consultationInsertSchema, { ...valid, symptoms: '   ' }, 'symptoms')).toBe('Please describe your symptoms');
    expect(await firstError(consultationInsertSchema, { ...valid, symptoms: 'x'.repeat(2001) }, 'symptoms')).toBe(
      'Symptoms must be at most 2,000 characters',
    );
    expect(await firstError(consultationInsertSchema, { ...valid, duration: 4 }, 'duration')).toBe('Duration must be at least 5 minutes');
    expect(await firstError(consultationInsertSchema, { ...valid, duration: 241 }, 'duration')).toBe('Duration must be at most 240 minutes');
    expect(await firstError(consultationInsertSchema, { ...valid, consultationType: 'phone' }, 'consultationType')).toBe(
      'Consultation type must be one of video, audio, chat',
    );
  });

  it('toConsultationPayload converts the datetime-local value to ISO', async () => {
    const payload = toConsultationPayload({ ...consultationInitialValues, ...valid, appointmentDate: '2099-03-04T09:15', fee: 5000 });
    expect(payload.appointmentDate).toBe(new Date(2099, 2, 4, 9, 15).toISOString());
    expect(await errorsOf(consultationInsertSchema, payload)).toEqual({});
  });

  it('status, complete and reschedule bodies', async () => {
    expect(await errorsOf(consultationStatusSchema, { status: 'in_progress' })).toEqual({});
    expect(await errorsOf(consultationStatusSchema, { status: 'completed', diagnosis: 'Migraine', prescription: { drug: 'Ibuprofen' } })).toEqual({});
    expect(await firstError(consultationStatusSchema, { status: 'scheduled' }, 'status')).toBe(
      'Status must be one of in_progress, completed, cancelled',
    );
    expect(await firstError(consultationStatusSchema, {}, 'status')).toBe('Status is required');
    expect(await firstError(consultationStatusSchema, { status: 'completed', prescription: 42 }, 'prescription')).toBe(
      'Prescription must be text or an object',
    );
    const done = await consultationCompleteSchema.validate({ diagnosis: 'Migraine' }, SERVER);
    expect(done.status).toBe('completed');
    expect(await firstError(consultationRescheduleSchema, { appointmentDate: PAST_ISO }, 'appointmentDate')).toBe(
      'Consultation date cannot be in the past',
    );
  });
});

describe('doctor (admin)', () => {
  const valid = {
    name: 'Dr. Ada Lee',
    email: 'ada@clinic.io',
    specialty: 'Cardiology',
    licenseNumber: 'MD-1234',
    phone: '555-0199',
    experience: 12,
    consultationFee: 7500,
    password: 'longenough',
  };

  it('create applies the admin defaults', async () => {
    const out = await adminDoctorCreateSchema.validate(valid, SERVER);
    expect(out).toMatchObject({ availability: {}, rating: '4.5', totalConsultations: 0, isAvailable: true, isVerified: false });
  });

  it('create requires every listed field', async () => {
    const errors = await errorsOf(adminDoctorCreateSchema, {});
    expect(errors.name).toEqual(['Name is required']);
    expect(errors.email).toEqual(['Email is required']);
    expect(errors.specialty).toEqual(['Please choose a specialty']);
    expect(errors.licenseNumber).toEqual(['License number is required']);
    expect(errors.phone).toEqual(['Phone is required']);
    expect(errors.experience).toEqual(['Experience is required']);
    expect(errors.consultationFee).toEqual(['Consultation fee is required']);
    expect(errors.password).toEqual(['Initial password is required']);
  });

  it('create checks email, specialty, integers and password length', async () => {
    const errors = await errorsOf(adminDoctorCreateSchema, {
      ...valid,
      email: 'ada',
      specialty: 'General Medicine',
      experience: 1.5,
      consultationFee: -1,
      password: 'short',
      rating: '9',
    });
    expect(errors.email).toEqual(['Please enter a valid email address']);
    expect(errors.specialty).toEqual(['Please choose a specialty']);
    expect(errors.experience).toEqual(['Experience must be a whole number of years']);
    expect(errors.consultationFee).toEqual(['Consultation fee cannot be negative']);
    expect(errors.password).toEqual(['Password must be at least 8 characters']);
    expect(errors.rating).toEqual(['Rating must be a number between 0 and 5']);
  });

  it('update takes any subset and never a password', async () => {
    expect(await errorsOf(adminDoctorUpdateSchema, { bio: 'Cardiologist', isAvailable: false })).toEqual({});
    expect(await errorsOf(adminDoctorUpdateSchema, { password: 'longenough' })).toEqual({ '': ['Unknown field: password'] });
    expect(await firstError(verificationSchema, {}, 'isVerified')).toBe('Verification status is required');
    expect(await errorsOf(verificationSchema, { isVerified: true })).toEqual({});
  });

  it('form variant: fee in whole dollars, password only on create', async () => {
    const form = { ...doctorFormInitialValues, ...valid, specialty: 'Cardiology' as const, consultationFee: 75 };
    expect(await errorsOf(adminDoctorFormSchema, form)).toEqual({});
    expect(await firstError(adminDoctorFormSchema, { ...form, consultationFee: 75.5 }, 'consultationFee')).toBe(
      'Consultation fee must be a whole number',
    );
    expect(await errorsOf(adminDoctorEditFormSchema, { ...form, password: '' })).toEqual({});

    const created = toDoctorPayload(form);
    expect(created.consultationFee).toBe(7500);
    expect(created).toMatchObject({ availability: {}, education: '', rating: '4.5', totalConsultations: 0, isAvailable: true, isVerified: false });
    expect(await errorsOf(adminDoctorCreateSchema, created)).toEqual({});

    const updated = toDoctorPayload(form, 'update');
    expect(updated.consultationFee).toBe(7500);
    expect(updated).not.toHaveProperty('password');
    expect(await errorsOf(adminDoctorUpdateSchema, updated)).toEqual({});
  });
});

describe('chat', () => {
  it('rejects blank and over-long messages, trims the rest', async () => {
    expect(await firstError(chatSendSchema, { consultationId: UUID, text: '   ' }, 'text')).toBe('Message cannot be empty');
    expect(await firstError(chatSendSchema, { consultationId: UUID, text: 'x'.repeat(2001) }, 'text')).toBe(
      'Message must be at most 2,000 characters',
    );
    expect(await firstError(chatSendSchema, { consultationId: 'room-1', text: 'hi' }, 'consultationId')).toBe('Invalid consultation id');
    const out = await chatSendSchema.validate({ consultationId: UUID, text: '  hello  ' }, SERVER);
    expect(out.text).toBe('hello');
  });
});

describe('payment intent', () => {
  it('takes a plan (an amount is accepted and ignored: the server charges the plan price)', async () => {
    expect(await errorsOf(paymentIntentSchema, { amount: PLANS.yearly.amountCents, description: 'Premium Yearly' })).toEqual({});
    expect(await errorsOf(paymentIntentSchema, { plan: 'monthly', amount: 1 })).toEqual({});
    expect(await firstError(paymentIntentSchema, { plan: 'weekly' }, 'plan')).toBe('Plan must be monthly or yearly');
  });

  it('reads the plan from `plan`, else from a description naming the yearly plan, else monthly', () => {
    expect(requestedPlan({ plan: 'yearly', description: 'Premium Monthly' })).toBe('yearly');
    expect(requestedPlan({ description: 'MediVault Premium - Yearly' })).toBe('yearly');
    expect(requestedPlan({ description: 'Premium monthly' })).toBe('monthly');
    expect(requestedPlan({})).toBe('monthly');
  });
});

// ---------------------------------------------------------------------------

describe('constants and helpers', () => {
  it('greetingFor switches at 12:00 and 18:00', () => {
    expect(greetingFor(new Date(2025, 0, 1, 11, 59), 'Alex')).toBe('Good morning, Alex');
    expect(greetingFor(new Date(2025, 0, 1, 12, 0), 'Alex')).toBe('Good afternoon, Alex');
    expect(greetingFor(new Date(2025, 0, 1, 17, 59), 'Alex')).toBe('Good afternoon, Alex');
    expect(greetingFor(new Date(2025, 0, 1, 18, 0), 'Alex')).toBe('Good evening, Alex');
    expect(greetingFor(new Date(2025, 0, 1, 0, 0), 'Alex')).toBe('Good morning, Alex');
  });

  it("greetingFor falls back to 'Patient'", () => {
    expect(greetingFor(new Date(2025, 0, 1, 9, 0))).toBe('Good morning, Patient');
    expect(greetingFor(new Date(2025, 0, 1, 9, 0), null)).toBe('Good morning, Patient');
    expect(greetingFor(new Date(2025, 0, 1, 20, 0), '  ')).toBe('Good evening, Patient');
  });

  it('formatCents shows dollars with 2 decimals', () => {
    expect(formatCents(7500)).toBe('75.00');
    expect(formatCents(999)).toBe('9.99');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(0)).toBe('0.00');
  });

  it('labels and option lists match the spec', () => {
    expect(REPORT_TYPE_LABELS.x_ray).toBe('X-Ray');
    expect(REPORT_TYPE_LABELS.blood_work).toBe('Blood Work');
    expect(MEDICATION_FREQUENCY_LABELS.once_daily).toBe('Once daily');
    expect(CONSULTATION_TYPE_LABELS).toEqual({ video: 'Video Call', audio: 'Audio Call', chat: 'Chat Only' });
    expect(APPOINTMENT_SPECIALTIES).toHaveLength(12);
    expect(ADMIN_SPECIALTIES).toHaveLength(17);
    expect(PLANS.yearly.savingsLabel).toBe('Save $19.89');
    expect(Math.round((PLANS.monthly.price * 12 - PLANS.yearly.price) * 100) / 100).toBe(PLANS.yearly.savings);
  });
});

describe('values PostgreSQL must be able to store', () => {
  it.each([
    ['2026-11-22', true],
    ['2026-11-22T10:30', true],
    ['2026-11-22T10:30:00.000Z', true],
    ['2026-11-22T10:30+14:00', true],
    ['2026-11-22T10:30-12:00', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2030-02-30T10:00Z', false],
    ['2026-11-22T10:30+23:59', false],
    ['2026-11-22T10:30+15:00', false],
    ['2026-11-22T25:00', false],
    ['0000-01-01', false],
    ['9999-12-31T23:00:00-12:00', false],
  ])('isValidIsoDate(%s) is %s', (value, valid) => {
    expect(isValidIsoDate(value)).toBe(valid);
  });
});

import { createDoctor, unique } from '../../support/factories';
import { statuses, type MatrixRow } from './types';

/** The roster is the admin's alone: everyone else, visitors included, gets 403. */
const adminOnly = (ok: number) => statuses(403, { admin: ok });

/** A fresh doctor per call, so editing or verifying never changes the matrix's own doctors. */
const freshDoctorId = async () => (await createDoctor({ isVerified: false })).record.id;

const newDoctor = () => ({
  name: 'Dr Matrix',
  email: `${unique('matrix')}@clinic.test`,
  specialty: 'Cardiology',
  licenseNumber: unique('MD-'),
  phone: '+1 555 0100',
  experience: 5,
  consultationFee: 8000,
  password: 'Matrix-Pass-1',
});

export const rows: MatrixRow[] = [
  { route: 'GET /api/admin/doctors', expect: adminOnly(200) },
  { route: 'POST /api/admin/doctors', body: newDoctor, expect: adminOnly(201) },
  { route: 'PATCH /api/admin/doctors/:id', path: async () => `/api/admin/doctors/${await freshDoctorId()}`, body: () => ({ consultationFee: 9000 }), expect: adminOnly(200) },
  {
    route: 'PATCH /api/admin/doctors/:id/verification',
    path: async () => `/api/admin/doctors/${await freshDoctorId()}/verification`,
    body: () => ({ isVerified: true }),
    expect: adminOnly(200),
  },
  {
    route: 'PATCH /api/admin/doctors/:id/activation',
    path: async () => `/api/admin/doctors/${await freshDoctorId()}/activation`,
    body: () => ({ isActive: false }),
    expect: adminOnly(200),
  },
  // The matrix server has no mail set up: the admin is handed the link.
  { route: 'POST /api/admin/doctors/:id/password-reset', path: async () => `/api/admin/doctors/${await freshDoctorId()}/password-reset`, expect: adminOnly(201) },
  { route: 'GET /api/admin/break-glass', expect: adminOnly(200) },
];

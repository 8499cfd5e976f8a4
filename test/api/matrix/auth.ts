import { unique } from '../../support/factories';
import { signupBody } from '../../support/signup';
import { statuses, type MatrixRow } from './types';

/** A well-formed WebAuthn answer that no authenticator made. */
const passkeyAnswer = () => ({ credential: { id: 'bm90LWEta2V5', rawId: 'bm90LWEta2V5', type: 'public-key', response: {}, clientExtensionResults: {} } });

export const rows: MatrixRow[] = [
  // Anyone may create an account; it never signs the caller in or out.
  { route: 'POST /api/auth/signup', body: () => signupBody({}, 'mx_'), expect: statuses(202) },
  // Reached by everyone: wrong credentials answer 401 whoever asks.
  { route: 'POST /api/auth/login', body: () => ({ usernameOrEmail: unique('nobody'), password: 'not-a-password' }), expect: statuses(401), freshSession: true },
  { route: 'POST /api/auth/doctor/login', body: () => ({ email: `${unique('nobody')}@clinic.test`, password: 'not-a-password' }), expect: statuses(401), freshSession: true },
  { route: 'GET /api/auth/session', expect: statuses(200) },
  { route: 'GET /api/auth/me', expect: statuses(404, { anonymous: 401, patientA: 200, patientB: 200, admin: 200 }) },
  // What unwraps one's own offline vault on a device: patients and admins (doctors keep no vault).
  { route: 'GET /api/auth/vault-key', expect: statuses(404, { anonymous: 401, patientA: 200, patientB: 200, admin: 200 }) },
  // One's own profile: patients and admins; a doctor's profile is the admin's roster.
  { route: 'PATCH /api/auth/me', body: () => ({}), expect: statuses(404, { anonymous: 401, patientA: 200, patientB: 200, admin: 200 }) },
  // A patient's own account: a wrong password changes nothing (400), keeping an account that is not being deleted is a no-op.
  { route: 'POST /api/account/deletion', body: () => ({ password: 'not-the-password' }), expect: statuses(404, { anonymous: 401, patientA: 400, patientB: 400 }) },
  { route: 'DELETE /api/account/deletion', expect: statuses(404, { anonymous: 401, patientA: 200, patientB: 200 }) },
  // The test server seeds no demo data, so there is no hint to give anyone.
  { route: 'GET /api/auth/doctor/demo-credentials', expect: statuses(404), notFoundIsNoRefusal: true },
  { route: 'GET /api/auth/doctor/me', expect: statuses(404, { anonymous: 401, doctor: 200, otherDoctor: 200, formerDoctor: 200 }) },
  { route: 'POST /api/auth/logout', expect: statuses(200), freshSession: true },
  // One's own password and devices: every signed-in person, patients, admins and doctors alike (a guest has no account).
  { route: 'POST /api/auth/password', body: () => ({ currentPassword: 'not-the-password', newPassword: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' }), expect: statuses(400, { anonymous: 401, guest: 404 }) },
  { route: 'GET /api/auth/sessions', expect: statuses(200, { anonymous: 401, guest: 404 }) },
  { route: 'POST /api/auth/sessions/revoke-others', expect: statuses(204, { anonymous: 401, guest: 404 }) },
  // A handle that is none of the caller's sessions.
  { route: 'DELETE /api/auth/sessions/:handle', path: () => '/api/auth/sessions/not-one-of-yours', expect: statuses(404, { anonymous: 401 }), notFoundIsNoRefusal: true },
  // Password reset: the matrix server has no mail set up, which every caller is told alike; a token that is none is refused.
  { route: 'POST /api/auth/password-reset', body: () => ({ email: `${unique('mx_')}@example.test` }), expect: statuses(503) },
  {
    route: 'POST /api/auth/password-reset/complete',
    body: () => ({ token: 'not-a-reset-token', newPassword: 'Fresh-Harbour-42', confirmPassword: 'Fresh-Harbour-42' }),
    expect: statuses(400),
  },
  // Two-step verification. The second step needs a pending password sign-in, which none of these callers has.
  { route: 'POST /api/auth/mfa/verify', body: () => ({ code: '123456' }), expect: statuses(401) },
  // A visitor may set up an authenticator only for a pending sign-in; anyone signed in to an account, for themselves
  // (a guest, with no account, is a visitor here).
  { route: 'POST /api/auth/mfa/enrolment', expect: statuses(201, { anonymous: 401, guest: 401 }) },
  { route: 'POST /api/auth/mfa/confirm', body: () => ({ code: '000000' }), expect: statuses(401, { guest: 404 }) },
  { route: 'GET /api/auth/mfa', expect: statuses(200, { anonymous: 401, guest: 404 }) },
  // The matrix server requires it of no one, and no one here has it on: turning it off changes nothing.
  { route: 'POST /api/auth/mfa/disable', body: () => ({ code: '000000' }), expect: statuses(204, { anonymous: 401, guest: 404 }) },
  // A passkey as the second step: each needs a pending password sign-in, which none of these callers has.
  { route: 'POST /api/auth/mfa/passkey/registration/options', expect: statuses(401) },
  { route: 'POST /api/auth/mfa/passkey/registration', body: passkeyAnswer, expect: statuses(401) },
  { route: 'POST /api/auth/mfa/passkey/options', expect: statuses(401) },
  { route: 'POST /api/auth/mfa/passkey', body: passkeyAnswer, expect: statuses(401) },
];

import { Doctor, User } from '../../db/models';
import { hashPassword } from '../../server/services/passwords';
import { TestClient, type Transport } from './client';
import { unique } from './unique';

const PASSWORD = 'Correct-Horse-9';
let cachedHash: Promise<string> | undefined;
/** One argon2 hash for every factory account keeps suites fast; the password is the same for all. */
function passwordHash(): Promise<string> {
  cachedHash ??= hashPassword(PASSWORD);
  return cachedHash;
}

export { unique };

export interface Account<T> {
  record: T;
  password: string;
  login: string;
}

export async function createPatient(overrides: Partial<User> = {}): Promise<Account<User>> {
  const username = overrides.username ?? unique('p_');
  const record = await User.query().insert({
    username,
    email: `${username}@example.test`,
    passwordHash: await passwordHash(),
    firstName: 'Pat',
    lastName: 'Ient',
    role: 'patient',
    ...overrides,
  });
  return { record, password: PASSWORD, login: username };
}

export async function createAdmin(): Promise<Account<User>> {
  return createPatient({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
}

export async function createDoctor(overrides: Partial<Doctor> = {}): Promise<Account<Doctor>> {
  const email = overrides.email ?? `${unique('dr_')}@clinic.test`;
  const record = await Doctor.query().insert({
    name: 'Test Doctor',
    specialty: 'General Practice',
    licenseNumber: unique('LIC'),
    email,
    passwordHash: await passwordHash(),
    phone: '+1 555 0100',
    experience: 10,
    consultationFee: 5000,
    availability: {},
    isVerified: true,
    isAvailable: true,
    ...overrides,
  });
  return { record, password: PASSWORD, login: email };
}

/** A client signed in as the account (patient/admin via /login, doctor via /doctor/login). */
export async function signedInClient(baseUrl: string, account: Account<User> | Account<Doctor>, transport?: Transport): Promise<TestClient> {
  const client = new TestClient(baseUrl, {}, transport);
  const isDoctor = 'specialty' in account.record;
  const response = isDoctor
    ? await client.post('/api/auth/doctor/login', { email: account.login, password: account.password })
    : await client.post('/api/auth/login', { usernameOrEmail: account.login, password: account.password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return client;
}

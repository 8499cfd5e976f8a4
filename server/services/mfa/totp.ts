import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'MediVault';
/** One 30-second step either side: a phone clock a little off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** The key the authenticators' secrets are sealed with at rest, derived from SESSION_SECRET. */
function sealingKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('medivault totp secrets').digest();
}

export function sealSecret(secret: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(sealed: string, sessionSecret: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(sessionSecret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

export interface Enrolment {
  /** Base32, for typing into an authenticator by hand. */
  secret: string;
  otpauthUri: string;
  /** The URI as a QR code (an SVG data URL). */
  qrCode: string;
}

export async function newEnrolment(accountLabel: string): Promise<Enrolment> {
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: ISSUER, label: accountLabel, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step the code belongs to, if it is right now (one step either side) and later than `afterStep`. */
export async function acceptedStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS, ...(afterStep !== null ? { afterTimeStep: afterStep } : {}) });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

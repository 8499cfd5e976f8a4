/**
 * An authenticator's code works once, held by two guards that each must hold on its own: the code's time
 * step must be later than the one the account was read with, and the statement that stores the step must
 * find the row's step still earlier (another request may have taken the code since the read).
 */
import { generate, generateSecret } from 'otplib';
import { testKnex, closeTestKnex } from '../support/db';
import { createDoctor } from '../support/factories';
import { Doctor } from '../../db/models';
import type { Config } from '../../server/config';
import { checkCode, WRONG_CODE } from '../../server/services/mfa/second-factor';
import { sealSecret } from '../../server/services/mfa/totp';

const config = { sessionKeys: ['totp-replay-test-sealing-key'] } as Config;
const STEP_SECONDS = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * STEP_SECONDS });

beforeAll(() => testKnex());
afterAll(() => closeTestKnex());

/** A doctor with a confirmed authenticator whose row holds `rowStep`, and the account as a request read it (step `readStep`). */
async function doctorWithAuthenticator(rowStep: number | null, readStep: number | null) {
  const secret = generateSecret();
  const { record } = await createDoctor({ totpSecret: sealSecret(secret, config.sessionKeys[0]!), totpEnabledAt: new Date(), totpLastStep: rowStep === null ? null : String(rowStep) });
  const asRead = (await Doctor.query().findById(record.id))!;
  asRead.totpLastStep = readStep === null ? null : String(readStep);
  const rowStepNow = async () => (await Doctor.query().findById(record.id))!.totpLastStep;
  return { secret, asRead, rowStepNow };
}

const check = async (account: Doctor, code: string) => checkCode(await testKnex(), config, 'doctor', account, code, false);

describe('a TOTP code', () => {
  it('is taken once: a code later than the last one is accepted and its step stored', async () => {
    const step = currentStep();
    const { secret, asRead, rowStepNow } = await doctorWithAuthenticator(step - 1, step - 1);
    expect(await check(asRead, await codeAt(secret, step))).toBe('totp');
    expect(await rowStepNow()).toBe(String(step));
  });

  it('is refused when its step is not later than the one the account was read with, before anything is written', async () => {
    const step = currentStep();
    // The row does not hold the step (yet): only the check against the step read can refuse the code.
    const { secret, asRead, rowStepNow } = await doctorWithAuthenticator(null, step);
    for (const code of [await codeAt(secret, step), await codeAt(secret, step - 1)]) {
      await expect(check(asRead, code)).rejects.toThrow(WRONG_CODE);
    }
    expect(await rowStepNow()).toBeNull();
  });

  it('is refused when the row took its step after the account was read (the same code used twice at once)', async () => {
    const step = currentStep();
    // Read before the other request stored the step: only the statement that stores it can refuse the code.
    const { secret, asRead, rowStepNow } = await doctorWithAuthenticator(step, null);
    await expect(check(asRead, await codeAt(secret, step))).rejects.toThrow(WRONG_CODE);
    expect(await rowStepNow()).toBe(String(step));
  });
});

import type { Knex } from 'knex';
import { User } from '../../db/models';
import { bootstrapAdmin } from '../../server/bootstrap';
import { log } from '../../server/log';
import { verifyPassword } from '../../server/services/passwords';
import { closeTestKnex, testKnex } from '../support/db';
import { unique } from '../support/unique';

let knex: Knex;

beforeAll(async () => {
  knex = await testKnex();
  log.level = 'silent';
});
afterAll(() => closeTestKnex());

describe('the configured admin at start-up', () => {
  it('is made once when replicas start together, and every one of them starts', async () => {
    const email = `${unique('root')}@clinic.test`;
    const starts = await Promise.allSettled(Array.from({ length: 4 }, () => bootstrapAdmin(knex, { email, password: 'Clinic-Admin-Pass-42' })));
    expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
    const admins = await User.query(knex).where('email', email);
    expect(admins.map((admin) => admin.role)).toEqual(['admin']);
  });

  it('takes the configured password at the next start, keeping the one account', async () => {
    const email = `${unique('root')}@clinic.test`;
    await bootstrapAdmin(knex, { email, password: 'Clinic-Admin-Pass-42' });
    await bootstrapAdmin(knex, { email: ` ${email.toUpperCase()} `, password: 'Rotated-Admin-Pass-43' });
    const admins = await User.query(knex).where('email', email);
    expect(admins).toHaveLength(1);
    expect(await verifyPassword(admins[0]!.passwordHash, 'Rotated-Admin-Pass-43')).toBe(true);
  });
});

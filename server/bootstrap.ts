import type { Knex } from 'knex';
import { User } from '../db/models';
import { hashPassword } from './services/passwords';
import { advisoryXactLock } from './lib/advisory-lock';
import { log } from './log';

/**
 * Creates the configured admin, or resets its password, so ADMIN_EMAIL/ADMIN_PASSWORD always sign in.
 * Replicas starting together take turns: otherwise both find no admin and the second insert fails its start.
 */
export async function bootstrapAdmin(knex: Knex, admin: { email: string; password: string }): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  await knex.transaction(async (trx) => {
    await advisoryXactLock(trx, 'bootstrap-admin');
    const existing = await User.query(trx).where('email', email).first();
    if (existing) {
      await existing.$query(trx).patch({ passwordHash, role: 'admin' });
      return;
    }
    const base = email.split('@')[0]!.replace(/[^a-zA-Z0-9_]/g, '_').slice(0, 14) || 'admin';
    let username = base.length >= 3 ? base : `${base}_admin`;
    if (await User.query(trx).where('username', username).first()) username = `${username.slice(0, 14)}_${Date.now() % 100000}`;
    await User.query(trx).insert({ username, email, passwordHash, firstName: 'Admin', lastName: 'User', role: 'admin' });
  });
  log.info({ email }, 'admin account ready');
}

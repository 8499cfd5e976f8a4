import type { Knex } from 'knex';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use (RFC 8292). */
  subject: string;
}

const SETTING = 'vapid_keys';

/**
 * The VAPID key pair from the environment, else the one stored in the database, made on the first start
 * that needed it. Two processes starting together both insert-if-absent and then read, so they end up
 * with the same pair.
 */
export async function resolveVapidKeys(knex: Knex, configured: { publicKey?: string; privateKey?: string; subject: string }): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject: configured.subject };
  await knex('app_settings').insert({ key: SETTING, value: JSON.stringify(webpush.generateVAPIDKeys()) }).onConflict('key').ignore();
  const row = (await knex('app_settings').where({ key: SETTING }).first('value')) as { value: { publicKey: string; privateKey: string } };
  return { ...row.value, subject: configured.subject };
}

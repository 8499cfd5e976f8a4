import { PushSubscription } from '../../../db/models';
import { sessionFingerprint } from '../../session';
import type { AppContext } from '../../context';

/** Signing out stops the pushes to the browser that signed out: its subscriptions go with its session. */
export async function forgetSessionPushSubscriptions(ctx: AppContext): Promise<void> {
  const fingerprint = sessionFingerprint(ctx);
  if (fingerprint) await PushSubscription.query().where({ sessionFingerprint: fingerprint }).delete();
}

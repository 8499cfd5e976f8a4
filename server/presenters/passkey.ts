import type { WebauthnCredential } from '../../db/models';
import type { Passkey } from '../../common/api-types';
import { iso } from '../lib/dates';

/** What a patient sees of a registered passkey: never the key material. */
export function presentPasskey(credential: WebauthnCredential): Passkey {
  return {
    id: credential.id,
    deviceName: credential.deviceName,
    createdAt: iso(credential.createdAt)!,
    lastUsedAt: iso(credential.lastUsedAt),
  };
}

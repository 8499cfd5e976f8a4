import * as yup from 'yup';

/**
 * The offline PIN opens the device's vault without the server, so it is all that stands between a copied
 * browser profile and the records: at least 6 characters (digits, letters or both; longer is stronger).
 */
const OFFLINE_PIN_MIN = 6;
const pin = () =>
  yup.string().trim().required('Please enter a PIN').min(OFFLINE_PIN_MIN, `At least ${OFFLINE_PIN_MIN} characters`).max(64, 'At most 64 characters');

export const offlinePinSchema = yup.object({
  pin: pin(),
  confirmPin: yup.string().required('Please confirm your PIN').oneOf([yup.ref('pin')], 'PINs do not match'),
});
export type OfflinePinPayload = yup.InferType<typeof offlinePinSchema>;

export const offlineUnlockSchema = yup.object({ pin: yup.string().trim().required('Please enter your offline PIN') });
export type OfflineUnlockPayload = yup.InferType<typeof offlineUnlockSchema>;

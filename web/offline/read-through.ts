import type { MedicalReport } from '../../common/api-types';
import { isNetworkFailure } from '../api/client';
import { lostServer, reachedServer } from './connectivity';
import { keepRecord, readRecord } from './vault';

/** The answers kept on the device (sealed), so their screens open offline. */
const KEPT = new Set(['/api/auth/me', '/api/medical-reports', '/api/medical-reports/abilities', '/api/medications', '/api/appointments', '/api/consultations', '/api/dashboard-summary']);

/** A single report offline comes from the kept list, as the screen itself does while it loads. */
async function keptAnswer<T>(queryKey: readonly unknown[], path: string): Promise<T | undefined> {
  if (KEPT.has(path)) return readRecord<T>(path);
  const [list, id] = queryKey;
  if (list === '/api/medical-reports' && queryKey.length === 2) {
    return (await readRecord<MedicalReport[]>('/api/medical-reports'))?.find((report) => report.id === id) as T | undefined;
  }
  return undefined;
}

/**
 * Loads a query from the server and keeps the answer on the device (in the background); with no answer from the server
 * (offline), gives the kept one instead. Every other failure (401, 404, ...) is the server's word and
 * passes through.
 */
export async function readThrough<T>(queryKey: readonly unknown[], load: () => Promise<T>): Promise<T> {
  const path = queryKey.map(String).join('/');
  try {
    const value = await load();
    reachedServer();
    // Kept after the screen has it: sealing and storing never delay what the patient sees.
    if (KEPT.has(path) && value !== null) void keepRecord(path, value).catch((error) => console.warn('Could not keep an answer on this device', error));
    return value;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    lostServer();
    const kept = await keptAnswer<T>(queryKey, path);
    if (kept === undefined) throw error;
    return kept;
  }
}

import type { QueryClient } from '@tanstack/react-query';
import { readRecord } from './vault';

/** The lists a page load can show from the device at once (the account itself is read before, by the session check). */
const SHOWN_AT_ONCE = ['/api/medical-reports', '/api/medications', '/api/appointments', '/api/consultations', '/api/dashboard-summary'];

let shownFor: string | null = null;

/**
 * On a page load, the answers kept on this device for the signed-in patient fill the screens at once,
 * marked stale, so each is fetched afresh in the background and replaces what is shown without a
 * skeleton in between. Once per page load and account; the session check has already claimed the vault
 * for this account, so nothing of another one can show.
 */
export async function showKeptAnswers(queryClient: QueryClient, userId: string): Promise<void> {
  if (shownFor === userId) return;
  shownFor = userId;
  await Promise.all(
    SHOWN_AT_ONCE.map(async (path) => {
      if (queryClient.getQueryData([path]) !== undefined) return;
      const kept = await readRecord(path).catch(() => undefined);
      if (kept === undefined) return;
      queryClient.setQueryData([path], kept);
      await queryClient.invalidateQueries({ queryKey: [path], exact: true, refetchType: 'none' });
    }),
  );
}

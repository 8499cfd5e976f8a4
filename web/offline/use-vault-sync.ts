import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MedicalReport } from '../../common/api-types';
import { FETCH_PURPOSE_HEADER, OFFLINE_COPY } from '../../common/constants';
import { myConsultationsQuery } from '../api/consultations';
import { appointmentsQuery, dashboardSummaryQuery, medicationsQuery, reportsQuery } from '../api/records';
import { safeDocumentUrl } from '../components/records/documents';
import { dropDocument, keepDocument, keptDocuments } from './vault';
import { whenIdle } from '../when-idle';

/** Only this server's own document files can be kept; a link elsewhere stays a link. */
const ownDocumentUrl = (report: MedicalReport) => {
  const url = safeDocumentUrl(report.documentUrl);
  return url?.startsWith('/api/documents/') ? url : null;
};

/** Fetches a document and keeps it in the vault; answers whether it did. */
async function fetchAndKeep(url: string): Promise<boolean> {
  const response = await fetch(url, { credentials: 'include', headers: { [FETCH_PURPOSE_HEADER]: OFFLINE_COPY } }).catch(() => null);
  if (!response?.ok) return false;
  await keepDocument(url, await response.blob());
  return true;
}

/** The documents of reports marked for offline use, each fetched once; unmarked ones are dropped. */
async function keepOfflineDocuments(reports: MedicalReport[]): Promise<void> {
  const wanted = new Set(reports.filter((r) => r.isOfflineAvailable).flatMap((r) => ownDocumentUrl(r) ?? []));
  const kept = new Set(await keptDocuments());
  await Promise.all([...kept].filter((url) => !wanted.has(url)).map(dropDocument));
  for (const url of wanted) if (!kept.has(url)) await fetchAndKeep(url);
}

/**
 * One report just marked for offline use (`keep`) or not: its document kept or dropped at once, not at the next
 * sync. Answers 'kept' when the device now holds it, 'none' when there is no document of this server's to keep
 * (or it was dropped), 'failed' when it could not be fetched (the next sync tries again).
 */
export async function keepReportDocument(report: MedicalReport, keep: boolean): Promise<'kept' | 'none' | 'failed'> {
  const url = ownDocumentUrl(report);
  if (!url) return 'none';
  if (!keep) {
    await dropDocument(url);
    return 'none';
  }
  return (await fetchAndKeep(url)) ? 'kept' : 'failed';
}

/**
 * Fills the vault: every list the offline screens read goes through readThrough, which keeps it, so
 * loading them is enough. Once a page load fetches what is not loaded yet; a reconnect fetches all afresh.
 */
export async function syncVault(queryClient: QueryClient, afresh: boolean): Promise<void> {
  if (!navigator.onLine) return;
  const fresh = afresh ? { staleTime: 0 } : {};
  try {
    await Promise.all([
      queryClient.prefetchQuery({ ...medicationsQuery, ...fresh }),
      queryClient.prefetchQuery({ ...appointmentsQuery, ...fresh }),
      queryClient.prefetchQuery({ ...myConsultationsQuery, ...fresh }),
      queryClient.prefetchQuery({ ...dashboardSummaryQuery, ...fresh }),
    ]);
    await keepOfflineDocuments(await queryClient.fetchQuery({ ...reportsQuery, ...fresh }));
  } catch (error) {
    console.warn('Offline vault sync failed', error);
  }
}

/**
 * Keeps the signed-in patient's records on the device: once the screen the patient opened has drawn
 * (its own lists and code first; the vault's lists and documents are background work), and whenever
 * the connection returns.
 */
export function useVaultSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const cancel = whenIdle(() => void syncVault(queryClient, false));
    const online = () => void syncVault(queryClient, true);
    window.addEventListener('online', online);
    return () => {
      cancel();
      window.removeEventListener('online', online);
    };
  }, [queryClient]);
}

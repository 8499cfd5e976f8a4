import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharedLinkCreated, SharedLinkList } from '../../common/api-types';
import { viewerLink } from '../../common/smart-health-link';
import { apiRequest, newAttemptKey, withQuery } from './client';
import { encryptForLink, newLinkKey } from '../shared-records/encryption';

const sharedLinksQuery = queryOptions<SharedLinkList>({ queryKey: ['/api/shared-links'] });

export const useSharedLinks = () => useQuery(sharedLinksQuery);

/** What to share: everything, or the chosen reports and medications. */
export type SharedRecords = { everything: true } | { everything: false; reportIds: string[]; medicationIds: string[] };

interface ShareChoices {
  label: string;
  expiresInDays: number;
  passcode?: string;
}

export interface NewShare {
  link: string;
  created: SharedLinkCreated;
}

function exportPath(records: SharedRecords): string {
  if (records.everything) return '/api/export/fhir';
  return withQuery('/api/export/fhir', { reportIds: records.reportIds.join(','), medicationIds: records.medicationIds.join(',') });
}

/**
 * A new link: the chosen records as a FHIR Bundle, encrypted here with a fresh key; only the encrypted file
 * goes to the server, and the key only into the link (after '#', which no browser sends to a server).
 */
async function share(records: SharedRecords, choices: ShareChoices): Promise<NewShare> {
  const bundle = await apiRequest<unknown>(exportPath(records));
  const key = newLinkKey();
  const jwe = await encryptForLink(bundle, key);
  const created = await apiRequest<SharedLinkCreated>('/api/shared-links', {
    method: 'POST',
    body: { ...choices, file: { contentType: 'application/fhir+json', jwe } },
    idempotencyKey: newAttemptKey(),
  });
  const exp = Math.floor(Date.parse(created.expiresAt) / 1000);
  const link = viewerLink(created.viewerUrl, { url: created.manifestUrl, key, exp, flag: created.flag || undefined, label: created.label, v: 1 });
  return { link, created };
}

export function useShareRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ records, choices }: { records: SharedRecords; choices: ShareChoices }) => share(records, choices),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedLinksQuery.queryKey }),
  });
}

export function useRevokeSharedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/shared-links/${id}`, { method: 'DELETE', idempotencyKey: newAttemptKey() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedLinksQuery.queryKey }),
  });
}

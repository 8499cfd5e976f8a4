import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../common/api-types';
import type { AccountDeletionRequest, ProfileUpdate } from '../../common/schemas/profile';
import { apiRequest, fetchAttachment } from './client';
import { meQuery } from './session';
import { forgetAccountOnDevice } from './auth';
import { keepRecord } from '../offline/vault';

/** The signed-in account as the server now has it: in the cache and in the offline vault. */
function useStoreAccount() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    queryClient.setQueryData(meQuery.queryKey, user);
    return keepRecord(meQuery.queryKey[0], user).catch(() => undefined);
  };
}

/** PATCH /api/auth/me: name, phone and emergency contact. */
export function useUpdateProfile() {
  const store = useStoreAccount();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => apiRequest<PublicUser>('/api/auth/me', { method: 'PATCH', body: changes }),
    onSuccess: store,
  });
}

/** POST /api/account/deletion: the server schedules it and signs every device out, this one included. */
export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AccountDeletionRequest) => apiRequest<PublicUser>('/api/account/deletion', { method: 'POST', body: request }),
    onSuccess: () => forgetAccountOnDevice(queryClient),
  });
}

/** DELETE /api/account/deletion: keeps the account. */
export function useCancelDeletion() {
  const store = useStoreAccount();
  return useMutation({
    mutationFn: () => apiRequest<PublicUser>('/api/account/deletion', { method: 'DELETE' }),
    onSuccess: store,
  });
}

/** GET /api/export/fhir: the whole record as a FHIR R4 Bundle, free on every plan. */
export const fetchFhirExport = () => fetchAttachment('/api/export/fhir', 'medivault-fhir.json');

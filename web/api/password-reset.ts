import { useMutation } from '@tanstack/react-query';
import type { DoctorPasswordReset, NoticeAnswer } from '../../common/api-types';
import type { PasswordResetPayload, PasswordResetRequest } from '../../common/schemas/password';
import { apiRequest } from './client';

/** POST /api/auth/password-reset: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: PasswordResetRequest) => apiRequest<NoticeAnswer>('/api/auth/password-reset', { method: 'POST', body }) });
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: (body: PasswordResetPayload) => apiRequest<void>('/api/auth/password-reset/complete', { method: 'POST', body }) });
}

export function useResetDoctorPassword() {
  return useMutation({ mutationFn: (doctorId: string) => apiRequest<DoctorPasswordReset>(`/api/admin/doctors/${doctorId}/password-reset`, { method: 'POST', body: {} }) });
}

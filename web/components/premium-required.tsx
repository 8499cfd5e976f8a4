import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '../api/client';
import { showToast } from './toast';

/** The server's answer (402) to what only Premium gives: more than the free plan's reports, a premium analysis, the PDF export. */
export const isPremiumRequired = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 402;

/**
 * Shows a 402 as 'Premium Required' with the server's words and a way to /premium; answers whether the
 * error was one, so the caller's own failure toast is left for the others.
 */
export function usePremiumRequiredToast(): (error: unknown) => boolean {
  const navigate = useNavigate();
  return (error) => {
    if (!isPremiumRequired(error)) return false;
    showToast('Premium Required', error.detail, 'destructive', { label: 'Upgrade to Premium', onClick: () => void navigate({ to: '/premium' }) });
    return true;
  };
}

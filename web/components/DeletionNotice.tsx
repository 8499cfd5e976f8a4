import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { meQuery } from '../api/session';
import { useCancelDeletion } from '../api/profile';
import { messageOf } from '../api/auth';
import { showToast } from './toast';
import { Button } from './ui';

const Notice = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 10px 16px;
  margin-bottom: 16px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  p { margin: 0; flex: 1 1 240px; }
`;

/** While a requested deletion is pending, on every patient screen: when it happens, and the way back. */
export function DeletionNotice() {
  const { data: me } = useQuery(meQuery);
  const keep = useCancelDeletion();
  if (!me?.deletionScheduledFor) return null;
  const day = new Date(me.deletionScheduledFor).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <Notice role="status" aria-label="Account deletion">
      <p>
        <strong>Your account will be deleted on {day}.</strong> Your records will be erased for good then.
      </p>
      <Button
        disabled={keep.isPending}
        onClick={() =>
          keep.mutate(undefined, {
            onSuccess: () => showToast('Account kept', 'Your account will not be deleted.', 'success'),
            onError: (error) => showToast('Error', messageOf(error, 'Your account could not be kept. Please try again.'), 'destructive'),
          })
        }
      >
        Keep my account
      </Button>
    </Notice>
  );
}

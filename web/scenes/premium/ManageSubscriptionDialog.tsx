import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PLANS } from '../../../common/constants';
import { subscriptionQuery, useCancelSubscription } from '../../api/payments';
import { DialogActions } from '../../components/consultations/DialogActions';
import { showToast } from '../../components/toast';
import { Button, Dialog, LoadFailed, Muted, Spinner, Stack } from '../../components/ui';

const longDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** Manage Subscription: the plan, when it renews or ends, and cancelling at the end of the paid period. */
export function ManageSubscriptionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { data, isError, refetch } = useQuery({ ...subscriptionQuery, enabled: open });
  const cancel = useCancelSubscription();
  const sub = data?.subscription;

  const cancelSubscription = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ subscription }) => {
        if (!subscription) {
          showToast('Premium Ended', 'Your account is on the Free plan again.');
          window.location.reload();
          return;
        }
        showToast('Subscription Cancelled', subscription.currentPeriodEnd ? `Premium stays active until ${longDate(subscription.currentPeriodEnd)}.` : undefined);
      },
      onError: (err) => showToast('Error', err.message || 'Failed to cancel the subscription. Please try again.', 'destructive'),
    });

  const describe = () => {
    if (!sub) return 'You have no Premium subscription.';
    if (sub.testMode) return 'Premium was granted in Testing Mode, without a payment.';
    const plan = sub.plan ? `${PLANS[sub.plan].name} plan` : 'Premium';
    if (!sub.currentPeriodEnd) return `${plan}, active.`;
    return sub.cancelAtPeriodEnd
      ? `${plan}, cancelled: Premium stays active until ${longDate(sub.currentPeriodEnd)}, then your account returns to the Free plan.`
      : `${plan}, renews on ${longDate(sub.currentPeriodEnd)}.`;
  };

  return (
    <Dialog open={open} title="Manage Subscription" description="Your MediVault Premium subscription." onClose={onClose}>
      <Stack $gap="14px">
        {data ? <p>{describe()}</p> : isError ? <LoadFailed what="subscription" onRetry={() => void refetch()} /> : <Spinner />}
        <Muted>Cancel anytime: you keep Premium until the end of the billing period you paid for.</Muted>
        <DialogActions>
          <Button $variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button $variant="secondary" onClick={() => void navigate({ to: '/dashboard' })}>
            Go to Dashboard
          </Button>
          {sub && !sub.cancelAtPeriodEnd ? (
            <Button $variant="danger" onClick={cancelSubscription} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling...' : sub.testMode ? 'End Premium' : 'Cancel Subscription'}
            </Button>
          ) : null}
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

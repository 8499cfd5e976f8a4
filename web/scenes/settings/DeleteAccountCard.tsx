import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Form, Formik, type FormikHelpers } from 'formik';
import styled from 'styled-components';
import { accountDeletionSchema, type AccountDeletionRequest } from '../../../common/schemas/profile';
import { Button, Card, CardHeader, CardTitle, Dialog, Muted, Row, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { messageOf } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useRequestDeletion } from '../../api/profile';
import { useQuery } from '@tanstack/react-query';
import { myConsultationsQuery } from '../../api/consultations';
import { deletionCancels, deletionRefund } from '../telemedicine/refund-terms';

const DangerCard = styled(Card)`
  border: 1px solid ${({ theme }) => theme.colors.danger};
`;

const Consequences = styled.ul`
  margin: 0;
  padding-left: 20px;
  display: grid;
  gap: 6px;
  font-size: 0.92rem;
`;

const EMPTY: AccountDeletionRequest = { password: '' };

/** Deleting the account: what goes and what stays said plainly, the password asked, a 30-day change of heart. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const deletion = useRequestDeletion();
  // Read afresh when the dialog opens: what it says the deletion cancels and refunds is what it does.
  const consultations = useQuery({ ...myConsultationsQuery, enabled: open, staleTime: 0, refetchOnMount: 'always' });
  const cancels = consultations.isFetching ? null : consultations.data ? deletionCancels(consultations.data) : 'Any scheduled consultations are cancelled now too.';
  const submit = (values: AccountDeletionRequest, helpers: FormikHelpers<AccountDeletionRequest>) =>
    deletion.mutate(consultations.data ? { ...values, refundAmount: deletionRefund(consultations.data) } : values, {
      onSuccess: (user) => {
        const day = new Date(user.deletionScheduledFor!).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
        showToast('Account scheduled for deletion', `Your data will be erased on ${day}. Sign in before then to keep your account.`, 'success');
        void navigate({ to: '/' });
      },
      onError: (error) => {
        showToast('Account not deleted', messageOf(error, 'Your account could not be deleted. Please try again.'), 'destructive');
        if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
        // The refunds changed since the dialog opened (a deadline passed): it reads them again and says the new ones.
        if (error instanceof ApiError && error.status === 409) void consultations.refetch();
      },
    });

  return (
    <DangerCard>
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
      </CardHeader>
      <Muted>Erase your vault from MediVault. You have 30 days to change your mind.</Muted>
      <Row style={{ marginTop: 12 }}>
        <Button $variant="danger" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </Row>
      <Dialog open={open} title="Delete your account?" description="This signs you out on every device." onClose={() => setOpen(false)}>
        <Stack $gap="12px">
          <Consequences>
            <li>In 30 days your reports, documents, results, medications, appointments and reminders are erased for good.</li>
            <li>Until then, sign in and choose Keep my account to cancel.</li>
            {cancels ? <li data-testid="deletion-cancels">{cancels}</li> : null}
            <li>
              The law asks the clinic to keep some records: your consultations with its doctors, payments, and the log of who opened your
              records. They stay, no longer tied to your name.
            </li>
            <li>To keep a copy, download your records (FHIR) first.</li>
          </Consequences>
          <Formik initialValues={EMPTY} validationSchema={accountDeletionSchema} onSubmit={submit}>
            <Form noValidate>
              <Stack $gap="12px">
                <FormField name="password" label="Your password" type="password" autoComplete="current-password" />
                <Row $gap="8px" $justify="flex-end" $wrap>
                  <Button $variant="secondary" onClick={() => setOpen(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" $variant="danger" disabled={deletion.isPending || consultations.isFetching}>
                    {deletion.isPending ? 'Deleting...' : 'Delete my account'}
                  </Button>
                </Row>
              </Stack>
            </Form>
          </Formik>
        </Stack>
      </Dialog>
    </DangerCard>
  );
}

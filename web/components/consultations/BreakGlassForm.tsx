import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { breakGlassSchema, type BreakGlassInput } from '../../../common/schemas/break-glass';
import { useBreakGlass } from '../../api/doctor';
import { messageOf } from '../../api/auth';
import { showToast } from '../toast';
import { Button, Stack } from '../ui';
import { FormField } from '../ui/FormField';

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '');

const Notice = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 16px;
  background: ${({ theme }) => theme.colors.warningSoft};
  h3 {
    margin: 0 0 4px;
    font-size: 1rem;
  }
  p {
    margin: 0 0 12px;
    color: ${({ theme }) => theme.colors.text};
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

/**
 * The patient's records are outside the doctor's access window: they open again only by break-glass, for a
 * short time, with a reason the patient sees in their Access history and admins review.
 */
export function BreakGlassForm({ patientId }: { patientId: string }) {
  const open = useBreakGlass(patientId);
  const submit = (values: BreakGlassInput) =>
    open.mutate(breakGlassSchema.cast(values), {
      onSuccess: (access) => showToast('Records opened', `Break-glass access until ${formatTime(access.until)}. It is recorded with your reason.`, 'success'),
      onError: (error) => showToast('Error', messageOf(error, 'Failed to open the records'), 'destructive'),
    });
  return (
    <Notice role="region" aria-labelledby="outside-window-title">
      <h3 id="outside-window-title">Outside the access window</h3>
      <p>
        Your access to this patient&apos;s records has ended: the access window after your last consultation with them has passed. If
        you need them now, give the reason. The records open for a short time, and the patient and the administrators see who opened
        them and why.
      </p>
      <Formik initialValues={{ reason: '' }} validationSchema={breakGlassSchema} onSubmit={submit}>
        <Form noValidate>
          <Stack $gap="12px">
            <FormField name="reason" label="Reason" as="textarea" placeholder="e.g. The patient called about chest pain; checking earlier ECG results" />
            <Button type="submit" $variant="danger" disabled={open.isPending}>
              {open.isPending ? 'Opening...' : 'Open records (break-glass)'}
            </Button>
          </Stack>
        </Form>
      </Formik>
    </Notice>
  );
}

/** Shown above the records while a break-glass access lasts. */
export function BreakGlassNote({ until }: { until: string | null }) {
  return (
    <Notice role="status">
      <p>Break-glass access until {formatTime(until)}. This access is recorded with your reason and shown to the patient.</p>
    </Notice>
  );
}

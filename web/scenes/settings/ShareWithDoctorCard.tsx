import { useId, useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { Button, Card, CardHeader, CardTitle, FieldError, Muted, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { ApiError } from '../../api/client';
import { useShareRecords, type NewShare, type SharedRecords } from '../../api/shared-links';
import { sharedLinkChoicesSchema } from '../../../common/schemas/shared-links';
import { SHARED_LINK_EXPIRY_DAYS } from '../../../common/constants';
import { RecordChooser } from './share/RecordChooser';
import { NewLinkPanel } from './share/NewLinkPanel';
import { SharedLinksList } from './share/SharedLinksList';
import { useReports } from '../../api/records';

const SectionHeading = styled.h3`
  margin: 16px 0 8px;
  font-size: 1rem;
`;

interface ShareFormValues {
  label: string;
  expiresInDays: string;
  passcode: string;
}

const EMPTY: ShareFormValues = { label: '', expiresInDays: '30', passcode: '' };

const expiryLabel = (days: number) => (days === 1 ? '1 day' : days === 365 ? '1 year' : `${days} days`);

const nothingChosen = (records: SharedRecords) => !records.everything && records.reportIds.length + records.medicationIds.length === 0;

const problemOf = (error: unknown) => (error instanceof ApiError && error.detail) || 'The link could not be made. Please try again.';

/**
 * 'Share with a doctor': chosen records as a SMART Health Link and QR code, encrypted in this browser with a
 * key that only the link holds; with an expiry, an optional passcode and a label; and the links shared so far.
 */
export function ShareWithDoctorCard() {
  const titleId = useId();
  // A report's Share leads here with the report chosen (/settings?report={id}#share), when it is one of the patient's.
  const { report } = useSearch({ strict: false }) as { report?: string };
  const known = useReports().items.some((r) => r.id === report);
  const [records, setRecords] = useState<SharedRecords | null>(null);
  const chosen: SharedRecords = records ?? (known ? { everything: false, reportIds: [report!], medicationIds: [] } : { everything: true });
  const [share, setShare] = useState<{ made: NewShare; hasPasscode: boolean } | null>(null);
  const shareRecords = useShareRecords();

  const submit = (values: ShareFormValues, reset: () => void) => {
    const choices = sharedLinkChoicesSchema.cast(values);
    shareRecords.mutate(
      { records: chosen, choices: { label: choices.label, expiresInDays: choices.expiresInDays, passcode: choices.passcode } },
      {
        onSuccess: (made) => {
          setShare({ made, hasPasscode: Boolean(choices.passcode) });
          setRecords({ everything: true });
          reset();
        },
      },
    );
  };

  return (
    <Card id="share" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Share with a doctor</CardTitle>
      </CardHeader>
      <Muted>
        Make a link and QR code a doctor opens without an account (a SMART Health Link). Your records are encrypted on this device; the key is only
        in the link, never on our server. Every opening shows in your access history, and you can revoke a link at any time.
      </Muted>
      {share ? (
        <NewLinkPanel share={share.made} hasPasscode={share.hasPasscode} onDone={() => setShare(null)} />
      ) : (
        <Formik initialValues={EMPTY} validationSchema={sharedLinkChoicesSchema} onSubmit={(values, { resetForm }) => submit(values, resetForm)}>
          <Form noValidate>
            <Stack $gap="12px" style={{ marginTop: 12 }}>
              <RecordChooser records={chosen} onChange={setRecords} />
              <FormField name="label" label="Label (who or what it is for)" placeholder="For Dr. Chen, cardiology" />
              <FormField name="expiresInDays" label="Link works for" as="select">
                {SHARED_LINK_EXPIRY_DAYS.map((days) => (
                  <option key={days} value={String(days)}>
                    {expiryLabel(days)}
                  </option>
                ))}
              </FormField>
              <FormField name="passcode" label="Passcode (optional)" type="password" autoComplete="new-password" />
              {nothingChosen(chosen) ? <Muted>Choose at least one report or medication.</Muted> : null}
              {shareRecords.error ? <FieldError>{problemOf(shareRecords.error)}</FieldError> : null}
              <Button type="submit" disabled={shareRecords.isPending || nothingChosen(chosen)}>
                {shareRecords.isPending ? 'Encrypting...' : 'Create link'}
              </Button>
            </Stack>
          </Form>
        </Formik>
      )}
      <SectionHeading>Shared links</SectionHeading>
      <SharedLinksList />
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Form, Formik, type FormikHelpers } from 'formik';
import styled from 'styled-components';
import type { SupportRequest } from '../../../common/api-types';
import { supportRequestSchema, type SupportRequestInput } from '../../../common/schemas/support';
import { messageOf } from '../../api/auth';
import { ApiError } from '../../api/client';
import { usePlanAbilities } from '../../api/records';
import { supportRequestsQuery, useSendSupportRequest } from '../../api/support';
import { PageHeading } from '../../components/PageHeading';
import { showToast } from '../../components/toast';
import { formatDateTime } from '../../components/records/dates';
import { Badge, Card, CardHeader, CardTitle, EmptyState, LoadFailed, Muted, RuledList, Skeleton, Stack, SubmitButton, TwoColumns } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';

const EMPTY: SupportRequestInput = { subject: '', message: '' };

const Requests = styled(RuledList)`
  li:first-child { border-top: none; padding-top: 0; }
  h3 { margin: 0; font-size: 1rem; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  p { margin: 6px 0 0; white-space: pre-wrap; }
`;

const Answer = styled.div`
  margin-top: 8px;
  padding: 10px 12px;
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  strong { font-size: 0.85rem; }
`;

function RequestItem({ request }: { request: SupportRequest }) {
  return (
    <li data-testid="support-request">
      <h3>
        {request.subject}
        {request.answer ? <Badge $tone="success">Answered</Badge> : <Badge $tone="neutral">Waiting for an answer</Badge>}
        {request.priority ? <Badge $tone="primary">Priority</Badge> : null}
      </h3>
      <Muted>Sent {formatDateTime(request.createdAt)}</Muted>
      <p>{request.message}</p>
      {request.answer ? (
        <Answer>
          <strong>Answer from support, {formatDateTime(request.answeredAt!)}</strong>
          <p>{request.answer}</p>
        </Answer>
      ) : null}
    </li>
  );
}

/** /support: write to the support team and read its answers (Premium's are answered first). */
export default function SupportPage() {
  const requests = useQuery(supportRequestsQuery);
  const send = useSendSupportRequest();
  const abilities = usePlanAbilities();

  const submit = (values: SupportRequestInput, helpers: FormikHelpers<SupportRequestInput>) =>
    send.mutate(values, {
      onSuccess: () => {
        helpers.resetForm();
        showToast('Request sent', 'Our support team will answer here, and you will be notified.', 'success');
      },
      onError: (error) => {
        showToast('Request not sent', messageOf(error, 'Failed to send your request. Please try again.'), 'destructive');
        if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
      },
    });

  return (
    <>
      <PageHeading
        title="Support"
        subtitle={abilities?.prioritySupport ? 'Priority support: your requests are answered before others.' : 'Write to our support team; answers appear here.'}
      />
      <TwoColumns>
        <Card>
          <CardHeader>
            <CardTitle>Write to support</CardTitle>
          </CardHeader>
          <Formik initialValues={EMPTY} validationSchema={supportRequestSchema} onSubmit={submit}>
            <Form noValidate>
              <Stack $gap="12px">
                <Muted>Questions about the app, your account or billing. For a medical question, book a consultation with a doctor.</Muted>
                <FormField name="subject" label="Subject" placeholder="e.g. I cannot upload a PDF" />
                <FormField name="message" label="Message" as="textarea" />
                <SubmitButton pending={send.isPending} pendingLabel="Sending...">
                  Send to Support
                </SubmitButton>
              </Stack>
            </Form>
          </Formik>
        </Card>
        <Card aria-labelledby="support-requests-title">
          <CardHeader>
            <CardTitle id="support-requests-title">Your requests</CardTitle>
          </CardHeader>
          {requests.isPending ? (
            <Skeleton $height="120px" />
          ) : requests.isError ? (
            <LoadFailed what="support requests" onRetry={() => void requests.refetch()} />
          ) : requests.data.length === 0 ? (
            <EmptyState title="No requests yet" message="Requests you send and their answers appear here." />
          ) : (
            <Requests>
              {requests.data.map((request) => (
                <RequestItem key={request.id} request={request} />
              ))}
            </Requests>
          )}
        </Card>
      </TwoColumns>
    </>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import styled from 'styled-components';
import type { QueuedSupportRequest } from '../../../common/api-types';
import { supportAnswerSchema } from '../../../common/schemas/support';
import { messageOf } from '../../api/auth';
import { supportQueueQuery, useAnswerSupportRequest } from '../../api/support';
import { showToast } from '../../components/toast';
import { formatDateTime } from '../../components/records/dates';
import { Badge, Button, Card, CardTitle, Dialog, EmptyState, Muted, RuledList, Skeleton, Stack, SubmitButton } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';

const Queue = styled(Card)`
  margin-top: 16px;
`;

const Requests = styled(RuledList)`
  margin-top: 12px;
  h3 { margin: 0; font-size: 1rem; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  p { margin: 6px 0; white-space: pre-wrap; }
`;

/** The admin's answer to one request, in a dialog; the patient is notified when it is sent. */
function AnswerDialog({ request, onClose }: { request: QueuedSupportRequest | null; onClose: () => void }) {
  const answer = useAnswerSupportRequest();
  const submit = (values: { answer: string }) =>
    answer.mutate(
      { id: request!.id, answer: values.answer },
      {
        onSuccess: () => {
          showToast('Answer sent', `${request!.patientName} has been notified.`, 'success');
          onClose();
        },
        onError: (error) => showToast('Error', messageOf(error, 'Failed to send the answer. Please try again.'), 'destructive'),
      },
    );
  return (
    <Dialog open={request !== null} title={request ? `Answer: ${request.subject}` : 'Answer'} description={request ? `From ${request.patientName}` : undefined} onClose={onClose}>
      <Formik key={request?.id} initialValues={{ answer: '' }} validationSchema={supportAnswerSchema} onSubmit={submit}>
        <Form noValidate>
          <Stack $gap="12px">
            <FormField name="answer" label="Answer" as="textarea" />
            <SubmitButton pending={answer.isPending} pendingLabel="Sending...">
              Send Answer
            </SubmitButton>
          </Stack>
        </Form>
      </Formik>
    </Dialog>
  );
}

/** The support queue for the admin: unanswered first, Premium patients' (marked Priority) before the rest. */
export function SupportQueue() {
  const requests = useQuery(supportQueueQuery);
  const [answering, setAnswering] = useState<QueuedSupportRequest | null>(null);
  return (
    <Queue aria-labelledby="support-queue-title">
      <CardTitle id="support-queue-title">Support Requests</CardTitle>
      <Muted>Unanswered requests first; Premium patients&apos; requests (Priority) before the others.</Muted>
      {requests.isPending ? (
        <Skeleton $height="80px" />
      ) : requests.isError ? (
        <EmptyState title="Failed to fetch support requests" message={messageOf(requests.error, 'Please reload the page to try again.')} />
      ) : requests.data.length === 0 ? (
        <EmptyState title="No support requests" message="Patients' requests to support appear here." />
      ) : (
        <Requests>
          {requests.data.map((request) => (
            <li key={request.id} data-testid="support-queue-entry">
              <h3>
                {request.priority ? <Badge $tone="primary">Priority</Badge> : null}
                {request.subject}
                {request.answer ? <Badge $tone="success">Answered</Badge> : null}
              </h3>
              <Muted>
                {request.patientName}, {formatDateTime(request.createdAt)}
              </Muted>
              <p>{request.message}</p>
              {request.answer ? (
                <Muted>
                  Answered {formatDateTime(request.answeredAt!)}: {request.answer}
                </Muted>
              ) : (
                <Button $size="sm" onClick={() => setAnswering(request)}>
                  Answer
                </Button>
              )}
            </li>
          ))}
        </Requests>
      )}
      <AnswerDialog request={answering} onClose={() => setAnswering(null)} />
    </Queue>
  );
}

import { MedicationLog } from '../../components/consultations/MedicationLog';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import styled from 'styled-components';
import { CONSULTATION_TYPE_LABELS } from '../../../common/constants';
import { CONSULTATION_ACTIONS, canJoinConsultation, consultationMachine } from '../../../common/consultation-status';
import { PAYMENT_FAILED_JOIN_MESSAGE } from '../../../common/payment-status';
import { ConsultationFeeBadge } from '../../components/consultations/ConsultationFeeBadge';
import { usePaymentsEnabled } from '../../api/payments';
import type { DoctorConsultation } from '../../../common/api-types';
import { personName } from '../../../common/names';
import type { ConsultationStatusInput } from '../../../common/schemas/consultation';
import { ApiError } from '../../api/client';
import { doctorConsultationQuery, patientRecordsQuery, recordAccessQuery, useUpdateConsultationStatus } from '../../api/doctor';
import { BreakGlassForm, BreakGlassNote } from '../../components/consultations/BreakGlassForm';
import { useIsPatientWaiting } from '../../api/waiting-patients';
import { showToast } from '../../components/toast';
import { Button, Card, CardTitle, EmptyState, Icon, LinkButton, LoadFailed, Muted, Row, Skeleton, Stack, Tabs, TwoColumns } from '../../components/ui';
import { CompleteConsultationDialog, completionOutcome, type CompletionValues } from '../../components/consultations/CompleteConsultationDialog';
import { ConsultationOverview } from '../../components/consultations/ConsultationOverview';
import { ConsultationStatusBadge } from '../../components/consultations/ConsultationStatusBadge';
import { ConsultationTypeIcon } from '../../components/consultations/ConsultationTypeIcon';
import { PatientInfoCard } from '../../components/consultations/PatientInfoCard';
import { ChatTranscript } from '../../components/consultations/ChatTranscript';
import { PatientWaitingNote } from '../../components/consultations/PatientWaitingNote';
import { AppointmentHistory, MedicationList, ReportList } from '../../components/consultations/PatientRecordLists';
import { PortalMain } from '../../components/consultations/PortalMain';
import { messageOf } from '../../api/auth';
import { formatDay, formatTimeRange } from '../../components/consultations/format';
import { ICONS } from '../../components/consultations/icons';

const TABS = ['Overview', 'Medical Records', 'Medications', 'History'] as const;
type Tab = (typeof TABS)[number];

const Header = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 14px;
  margin-bottom: 16px;
  h1 { margin: 0; font-size: 1.3rem; }
`;

const Heading = styled.div`
  flex: 1;
  min-width: 220px;
`;

const Actions = styled(Row)`
  flex-wrap: wrap;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    width: 100%;
    & > * { flex: 1; }
  }
`;

const Back = styled(LinkButton)`
  margin-bottom: 12px;
`;

const openCall = (id: string) => window.open(`/video-call/${id}`, '_blank');

function NotFoundState() {
  return (
    <PortalMain>
      <Card>
        <EmptyState
          title="Consultation Not Found"
          message="This consultation does not exist or is not one of yours."
          action={<LinkButton to="/doctor/dashboard">Back to Dashboard</LinkButton>}
        />
      </Card>
    </PortalMain>
  );
}

function RecordsTab({ consultation, tab }: { consultation: DoctorConsultation; tab: Exclude<Tab, 'Overview'> }) {
  // The server says whether this doctor reaches the patient's records at all; asking for them otherwise would be a refusal.
  const shared = consultation.canReadRecords || consultation.canBreakGlass;
  const access = useQuery({ ...recordAccessQuery(consultation.patientId), enabled: shared });
  const open = access.data !== undefined && access.data.state !== 'closed';
  const records = useQuery({ ...patientRecordsQuery(consultation.patientId), enabled: shared && open });
  if (!shared) return <EmptyState title="Records not shared" message="None of your consultations with this patient gives access to their records." />;
  if (access.isPending) return <Skeleton $height="96px" />;
  if (access.isError) return <EmptyState title="Failed to fetch records" message={messageOf(access.error, 'Please try again.')} />;
  if (access.data.state === 'closed') return <BreakGlassForm patientId={consultation.patientId} />;
  if (records.isPending) return <Skeleton $height="96px" />;
  if (records.isError) return <EmptyState title="Failed to fetch records" message={messageOf(records.error, 'Please try again.')} />;
  return (
    <Stack $gap="12px">
      {access.data.state === 'break_glass' ? <BreakGlassNote until={access.data.until} /> : null}
      {tab === 'Medical Records' ? <ReportList reports={records.data.reports} timeZone={records.data.timeZone} /> : null}
      {tab === 'Medications' ? (
        <>
          <MedicationList medications={records.data.medications} timeZone={records.data.timeZone} />
          <MedicationLog consultationId={consultation.id} medications={records.data.medications} />
        </>
      ) : null}
      {tab === 'History' ? <AppointmentHistory appointments={records.data.appointments} /> : null}
    </Stack>
  );
}

export default function DoctorConsultationPage() {
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const query = useQuery(doctorConsultationQuery(id));
  const paymentsEnabled = usePaymentsEnabled();
  const update = useUpdateConsultationStatus(id);
  const isWaiting = useIsPatientWaiting();
  const [tab, setTab] = useState<Tab>('Overview');
  const [completing, setCompleting] = useState(false);
  const status = query.error instanceof ApiError ? query.error.status : null;

  useEffect(() => {
    if (status === 401) void navigate({ to: '/doctor/login' });
  }, [status, navigate]);

  const changeStatus = async (change: ConsultationStatusInput, done: string) => {
    try {
      await update.mutateAsync(change);
      showToast('Status Updated', done, 'success');
    } catch (error) {
      showToast('Error', messageOf(error, 'Failed to update consultation status'), 'destructive');
      throw error;
    }
  };

  const start = async () => {
    await changeStatus({ status: CONSULTATION_ACTIONS.start.to }, 'The consultation is now in progress.').then(
      () => openCall(id),
      () => undefined,
    );
  };

  const complete = (values: CompletionValues) =>
    changeStatus({ status: CONSULTATION_ACTIONS.complete.to, ...completionOutcome(values) }, 'The consultation has been completed.');

  if (query.isPending) {
    return (
      <PortalMain>
        <Stack>
          <Skeleton $height="96px" />
          <Skeleton $height="280px" />
        </Stack>
      </PortalMain>
    );
  }
  if (query.isError) {
    if (status === 401) return null;
    if (status === 404) return <NotFoundState />;
    return (
      <PortalMain>
        <Card>
          <LoadFailed what="consultation" onRetry={() => void query.refetch()} />
        </Card>
      </PortalMain>
    );
  }

  const c = query.data;
  const canStart = consultationMachine.can(c.status, 'start');
  const canComplete = consultationMachine.can(c.status, 'complete');
  const patientName = personName(c.patient);
  return (
    <PortalMain>
      <Back to="/doctor/dashboard" $variant="ghost" $size="sm">
        <Icon path={ICONS.arrowLeft} size={16} />
        Back to Dashboard
      </Back>
      <Header as="header" data-testid="consultation-header">
        <ConsultationTypeIcon type={c.consultationType} />
        <Heading>
          <h1>Consultation with {patientName}</h1>
          <Muted>
            {formatDay(c.appointmentDate)} · {formatTimeRange(c.appointmentDate, c.duration)} · {CONSULTATION_TYPE_LABELS[c.consultationType]}
          </Muted>
        </Heading>
        <ConsultationStatusBadge status={c.status} />
        {paymentsEnabled && (c.fee ?? 0) > 0 ? <ConsultationFeeBadge consultation={c} /> : null}
        {canStart || canComplete ? (
          <Actions>
            {canStart ? (
              <Button onClick={start} disabled={update.isPending}>
                <Icon path={ICONS.video} size={18} />
                {update.isPending ? 'Starting...' : 'Start Consultation'}
              </Button>
            ) : null}
            {canComplete ? (
              <Button onClick={() => setCompleting(true)} disabled={update.isPending}>
                <Icon path={ICONS.check} size={18} />
                Complete
              </Button>
            ) : null}
          </Actions>
        ) : null}
      </Header>
      <TwoColumns $side="340px">
        <Card>
          <Tabs label="Consultation and patient records" tabs={TABS} value={tab} onChange={setTab}>
            {tab === 'Overview' ? <ConsultationOverview consultation={c} /> : <RecordsTab consultation={c} tab={tab} />}
          </Tabs>
        </Card>
        <Stack>
          <PatientInfoCard patient={c.patient} />
          {canJoinConsultation(c.status) ? null : (
            <Card aria-labelledby="chat-transcript-heading">
              <Stack $gap="10px">
                <CardTitle id="chat-transcript-heading">Chat</CardTitle>
                <ChatTranscript consultationId={c.id} side="doctor" />
              </Stack>
            </Card>
          )}
          {c.meetingRoomId && canJoinConsultation(c.status) ? (
            <Card aria-labelledby="video-call-heading">
              <Stack $gap="10px">
                <CardTitle id="video-call-heading">Video Call</CardTitle>
                {isWaiting(c) ? <PatientWaitingNote /> : null}
                <Muted>{c.canJoin ? 'The call opens in a new window so this page stays at hand.' : PAYMENT_FAILED_JOIN_MESSAGE}</Muted>
                <Button $variant="secondary" $block onClick={() => openCall(c.id)} disabled={!c.canJoin}>
                  <Icon path={ICONS.video} size={18} />
                  Join Video Call
                </Button>
              </Stack>
            </Card>
          ) : null}
        </Stack>
      </TwoColumns>
      <CompleteConsultationDialog open={completing} onClose={() => setCompleting(false)} onComplete={complete} />
    </PortalMain>
  );
}

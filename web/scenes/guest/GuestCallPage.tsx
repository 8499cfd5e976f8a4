import { useState } from 'react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import styled from 'styled-components';
import type { GuestLink, GuestSession } from '../../../common/api-types';
import { doctorLabel } from '../../../common/names';
import { guestJoinSchema } from '../../../common/schemas/guest';
import { ApiError } from '../../api/client';
import { guestLinkQuery, guestSessionQuery, joinAsGuest } from '../../api/guests';
import { CallProvider, useCallSnapshot } from '../../call/CallContext';
import type { MediaConsultationType } from '../../call/CallClient';
import { Button, Muted, Spinner, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { CallMessage, CallPage } from '../video-call/CallMessage';
import { CallScreen } from '../video-call/CallScreen';
import { DeviceCheck } from '../video-call/DeviceCheck';
import { DeviceCheckBeforeCall } from '../video-call/DeviceCheckBeforeCall';
import { callEndedMessage } from '../video-call/call-ended';
import { useCallToasts } from '../video-call/useCallToasts';

/** Where a guest's call leads once over: this page again, which says why (a guest has nowhere else in the app). */
const GUEST_PAGE = '/guest';
/** Where a guest who goes back from the device check or the lobby lands: the public front page. */
const LEAVE_TO = '/';

const NameCard = styled.div`
  width: min(100%, 420px);
  padding: 24px 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  h1 { color: ${({ theme }) => theme.colors.text}; }
`;

const Refusal = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
`;

/** The link's token, from the fragment (never sent to the server with the page). */
const tokenInLink = () => window.location.hash.replace(/^#/, '');

/**
 * Set in this tab once its guest came in: a reload that finds no session then says the visit is over (the doctor
 * removed them, or the consultation ended) instead of blaming the link, which left the address bar at the join.
 */
const JOINED_IN_THIS_TAB = 'medivault.guest-joined';
const joinedInThisTab = () => window.sessionStorage.getItem(JOINED_IN_THIS_TAB) === '1';
const rememberJoined = () => window.sessionStorage.setItem(JOINED_IN_THIS_TAB, '1');

/** The server's word for a refused link (used, expired, withdrawn, finished consultation), else a generic one. */
function refusalOf(err: unknown): string {
  if (err instanceof ApiError && err.detail) return err.detail;
  return 'Could not open the link. Check your connection and try again.';
}

const CONSULTATION_KIND: Record<GuestLink['consultationType'], string> = { video: 'a video', audio: 'an audio', chat: 'a chat' };

/** What the guest was invited to, as the link says; the general words when the check could not be made. */
const invitationOf = (link?: GuestLink) =>
  link ? `You were invited to ${CONSULTATION_KIND[link.consultationType]} consultation with ${doctorLabel(link.doctorName)}.` : 'You were invited to a consultation.';

/** Opening the link: the name the others will see. The link is used up when this form is sent. */
function NameForm({ token, link, onJoined }: { token: string; link?: GuestLink; onJoined: (session: GuestSession) => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <CallPage>
      <NameCard>
        <Formik
          initialValues={{ token, name: '' }}
          validationSchema={guestJoinSchema}
          onSubmit={async (values) => {
            setRefusal(null);
            try {
              onJoined(await joinAsGuest(values.token, values.name.trim()));
            } catch (err) {
              setRefusal(refusalOf(err));
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack $gap="16px">
                <h1>Join a consultation as a guest</h1>
                <Muted>{invitationOf(link)} Enter your name: the doctor sees it and lets you in. You need no account.</Muted>
                {refusal ? <Refusal>{refusal}</Refusal> : null}
                <FormField name="name" label="Your name" autoComplete="name" />
                <Button type="submit" $size="lg" $block disabled={isSubmitting}>
                  Continue
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      </NameCard>
    </CallPage>
  );
}

/** The link's own refusals (unknown; not approved yet; used, withdrawn, expired or its consultation over), not a busy server's. */
const LINK_REFUSED = [404, 409, 410];
/** The patient's invitation the doctor has not approved yet: it will work, later. */
const UNAPPROVED = 409;

/**
 * A link not yet opened: checked first, so a used, withdrawn or expired one says so at once rather than after the
 * guest typed their name. When the check itself fails (the connection), the form shows and its join tells.
 */
function OpenLink({ token, link, onJoined }: { token: string; link: UseQueryResult<GuestLink>; onJoined: (session: GuestSession) => void }) {
  if (link.isPending) {
    return (
      <CallPage>
        <Spinner />
      </CallPage>
    );
  }
  if (link.error instanceof ApiError && link.error.status === UNAPPROVED) {
    return (
      <CallMessage title="Waiting for the doctor's approval" detail={link.error.detail}>
        <Button $variant="secondary" onClick={() => void link.refetch()} disabled={link.isFetching}>
          {link.isFetching ? 'Checking...' : 'Check again'}
        </Button>
      </CallMessage>
    );
  }
  if (link.error instanceof ApiError && LINK_REFUSED.includes(link.error.status)) return <CallMessage title="This guest link cannot be used" detail={link.error.detail} />;
  return <NameForm token={token} link={link.data} onJoined={onJoined} />;
}

/** The guest's call: device check, the doctor's lobby, the call; and what ended it. */
function GuestCall({ session, media }: { session: GuestSession; media?: MediaConsultationType }) {
  const call = useCallSnapshot();
  useCallToasts(GUEST_PAGE);
  const doctor = doctorLabel(session.consultation.doctorName);
  if (call.phase === 'unavailable') return <CallMessage title={call.problem ?? ''} detail={call.problemDetail} />;
  if (call.phase === 'ended') {
    return <CallMessage title="Call Ended" detail={`${callEndedMessage(call.consultation?.status === 'completed' || call.consultation?.status === 'cancelled' ? call.consultation.status : 'left')}. You can close this page.`} />;
  }
  return (
    <DeviceCheckBeforeCall
      checking={call.phase === 'lobby' || call.phase === 'admission'}
      deviceCheck={<DeviceCheck otherName={doctor} exitTo={LEAVE_TO} media={media} />}
      callScreen={<CallScreen exitTo={GUEST_PAGE} />}
    />
  );
}

/**
 * /guest#<token>: a guest link (issue 38). The guest gives a name, which uses the link up and starts a
 * guest's session (a reload finds it and goes on); then the device check, the doctor's lobby and the call,
 * with nothing of the app around it: a guest reaches this one consultation and no record.
 */
export default function GuestCallPage() {
  const queryClient = useQueryClient();
  const session = useQuery(guestSessionQuery);
  const token = tokenInLink();
  // Asked beside the session, not after it: the name form waits for one round trip, not two.
  const link = useQuery({ ...guestLinkQuery(token), enabled: token !== '' });
  if (session.isPending) {
    return (
      <CallPage>
        <Spinner />
      </CallPage>
    );
  }
  if (session.isError) {
    return (
      <CallMessage title="Could not reach MediVault" detail="Check your connection and try again.">
        <Button $variant="secondary" onClick={() => void session.refetch()} disabled={session.isFetching}>
          Try again
        </Button>
      </CallMessage>
    );
  }
  const guest = session.data;
  if (!guest) {
    if (!token && joinedInThisTab()) {
      return <CallMessage title="Your guest visit has ended" detail="The doctor ended it, or the consultation is over. Ask the doctor for a new link to join again." />;
    }
    if (!token) return <CallMessage title="This guest link is incomplete" detail="Open the whole link you were sent, or ask the doctor for a new one." />;
    return (
      <OpenLink
        token={token}
        link={link}
        onJoined={(joined) => {
          // The token is spent: it leaves the address bar, so a reload goes on with the session instead.
          window.history.replaceState(null, '', GUEST_PAGE);
          rememberJoined();
          queryClient.setQueryData(guestSessionQuery.queryKey, joined);
        }}
      />
    );
  }
  const type = guest.consultation.consultationType;
  const media = type === 'chat' ? undefined : type;
  return (
    <CallProvider key={guest.consultation.id} consultationId={guest.consultation.id} guestId={guest.guest.id} deviceCheck={media}>
      <GuestCall session={guest} media={media} />
    </CallProvider>
  );
}

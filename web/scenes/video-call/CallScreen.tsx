import { useCallback, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { CONSULTATION_ACTIONS, consultationMachine } from '../../../common/consultation-status';
import { doctorLabel } from '../../../common/names';
import { participantKey } from '../../../common/participants';
import { othersIn } from '../../call/CallClient';
import { useCallClient, useCallSnapshot } from '../../call/CallContext';
import { Button, Dialog, Spinner } from '../../components/ui';
import { ConsultationStatusBadge } from '../../components/consultations/ConsultationStatusBadge';
import { CompleteConsultationDialog, completionOutcome } from '../../components/consultations/CompleteConsultationDialog';
import { useStatusIntoCache } from './useStatusIntoCache';
import { CallControls } from './CallControls';
import { ChatPanel } from './ChatPanel';
import { ConnectionQualityIndicator } from './ConnectionQualityIndicator';
import { DeviceSettings } from './DeviceSettings';
import { GuestsPanel } from './GuestsPanel';
import { MutedHint } from './MutedHint';
import { PresenceNotice } from './PresenceNotice';
import { VideoTile } from './VideoTile';
import { NameTag, ParticipantTile, Tile } from './ParticipantTile';
import { useElapsed } from './useElapsed';
import { callEndedMessage, chatClosedNotice } from './call-ended';
import { MEDIA_STALLED_MESSAGE, OFFLINE_MESSAGE, chatPresenceLine, doctorWithdrawnMessage } from './stage-messages';
import { newestFromOthers, unreadCount } from './unread';

/**
 * Top bar, stage and controls in rows. The chat is a sheet over the stage on phones, so the controls
 * below it stay in reach, and a column of its own on wide screens.
 */
const Shell = styled.main<{ $chat: boolean }>`
  height: 100dvh;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-rows: auto minmax(0, 1fr) auto;
  grid-template-areas: 'top' 'stage' 'controls';
  background: #020617;
  color: white;
  overflow: hidden;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    ${({ $chat }) => ($chat ? `grid-template-columns: minmax(0, 1fr) 380px; grid-template-areas: 'top chat' 'stage chat' 'controls chat';` : '')}
  }
`;

const TopBar = styled.header`
  grid-area: top;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 16px;
  background: linear-gradient(#020617, rgba(2, 6, 23, 0.6));
  z-index: 2;
  h1 { margin: 0; font-size: 1.05rem; }
  p { margin: 2px 0 0; font-size: 0.8rem; color: #94a3b8; }
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
  justify-content: flex-end;
`;

const Pill = styled.span<{ $tone?: 'live' | 'warn' }>`
  padding: 4px 10px;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  background: ${({ $tone }) => ($tone === 'warn' ? '#f59e0b' : $tone === 'live' ? 'rgba(22, 163, 74, 0.9)' : 'rgba(255,255,255,0.14)')};
  color: ${({ $tone }) => ($tone === 'warn' ? '#1c1917' : 'white')};
`;

/**
 * Not itself a rounded clip: each tile and the self preview round their own corners. A rounded clip
 * around them (clips nested on a playing video) makes the browser composite every frame through an
 * extra surface, which cost two software-composited call pages about 60% of a core.
 */
const RemoteArea = styled.div`
  grid-area: stage;
  position: relative;
  min-height: 0;
  margin: 0 12px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    margin: 0 24px;
  }
`;

/** The self preview from tablets up: a 16:9 box in the stage's bottom right corner. */
const WIDE_PIP = { width: 240, height: 135, inset: 16 };

/**
 * One cell per person in the call: a column on phones (two columns for four), two columns from tablets up.
 * There, with several tiles, the bottom strip is left to the self preview (`$pip`), which would otherwise
 * sit on the last tile's picture.
 */
const Stage = styled.div<{ $tiles: number; $pip: boolean }>`
  height: 100%;
  display: grid;
  gap: 8px;
  grid-template-columns: ${({ $tiles }) => ($tiles > 3 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)')};
  grid-auto-rows: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: ${({ $tiles }) => ($tiles > 1 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)')};
    ${({ $tiles, $pip }) => ($tiles > 1 && $pip ? `padding-bottom: ${WIDE_PIP.height + WIDE_PIP.inset}px;` : '')}
  }
`;

const RemoteBadges = styled.div`
  position: absolute;
  left: 12px;
  bottom: 12px;
  display: flex;
  gap: 6px;
  flex-wrap: wrap;
`;

const WaitingText = styled.p`
  margin: 0;
  font-size: 1.1rem;
  font-weight: 600;
`;

const Hint = styled.p`
  margin: 0;
  color: #94a3b8;
  font-size: 0.9rem;
`;

const LocalPip = styled.div`
  position: absolute;
  top: 12px;
  right: 12px;
  width: 104px;
  height: 148px;
  border-radius: 14px;
  overflow: hidden;
  border: 2px solid rgba(255, 255, 255, 0.7);
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.45);
  z-index: 1;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    top: auto;
    bottom: ${WIDE_PIP.inset}px;
    right: ${WIDE_PIP.inset}px;
    width: ${WIDE_PIP.width}px;
    height: ${WIDE_PIP.height}px;
  }
`;

const DoctorActions = styled.div`
  display: flex;
  justify-content: center;
  gap: 10px;
  padding: 10px 16px 0;
`;

const ChatArea = styled.div`
  grid-area: stage;
  align-self: end;
  height: 85%;
  min-height: 0;
  z-index: 5;
  border-radius: 18px 18px 0 0;
  overflow: hidden;
  box-shadow: 0 -12px 32px rgba(0, 0, 0, 0.4);
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-area: chat;
    align-self: stretch;
    height: auto;
    border-radius: 0;
    box-shadow: none;
    border-left: 1px solid #1e293b;
  }
`;

const ChatOnlyArea = styled.div`
  grid-area: stage;
  margin: 0 12px;
  border-radius: 18px;
  overflow: hidden;
  min-height: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    width: min(720px, 100%);
    justify-self: center;
  }
`;

const Bottom = styled.div`
  grid-area: controls;
`;

const Done = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 20px;
`;

/** The moves the doctor makes from the call; the consultation's status says which one is offered. */
const DOCTOR_CALL_ACTIONS = [
  { action: 'start', label: 'Start Consultation' },
  { action: 'complete', label: 'Complete' },
] as const;

/**
 * The live call: remote video, local preview, toggles, chat, timer, status and toasts. It is drawn
 * while the consultation is still being joined, so that first (costly) render overlaps the socket's
 * handshake instead of delaying the other side's offer once the join answers.
 */
export function CallScreen({ exitTo }: { exitTo: string }) {
  const client = useCallClient();
  const call = useCallSnapshot();
  const navigate = useNavigate();
  const [chatOpen, setChatOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Complete asks for the outcome first, as on the consultation page: one click must not end it unrecorded.
  const [completing, setCompleting] = useState(false);
  /** The newest line from the other side the user has had in front of them (undefined until the join answers). */
  const seenUpTo = useRef<string | null | undefined>(undefined);
  const elapsed = useElapsed(call.connectedAt);


  const consultation = call.consultation;
  useStatusIntoCache(client.consultationId, consultation?.status);
  const joining = !consultation;
  const isDoctor = call.role === 'doctor';
  const otherName = !consultation ? '' : isDoctor ? consultation.patientName : doctorLabel(consultation.doctorName);
  // Until the join answers, the stage is laid out for a video call without a preview: nothing is opened yet.
  const type = consultation?.consultationType ?? 'video';
  // The history the call opened with is not news: only lines arriving while the chat is closed count.
  if (chatOpen || (seenUpTo.current === undefined && consultation)) seenUpTo.current = newestFromOthers(call.messages, call.self);
  const unread = unreadCount(call.messages, call.self, seenUpTo.current ?? null);
  const live = call.phase === 'live';
  // The other side: the patient for the doctor, the doctor for the patient and for a guest. Anyone else gets a tile of their own.
  const partnerKey = isDoctor ? 'patient' : 'doctor';
  const partner = call.participants.find((p) => participantKey(p) === partnerKey);
  const otherReconnecting = Boolean(partner?.reconnecting);
  const otherHere = Boolean(partner);
  const partnerStream = call.remoteStreams.get(partnerKey) ?? null;
  const partnerTracks = call.remoteTracks.get(partnerKey);
  const extras = othersIn(call).filter((p) => participantKey(p) !== partnerKey);
  const withdrawn = live && !isDoctor && call.doctorWithdrawn ? doctorWithdrawnMessage(otherName) : null;
  // Whether the other side has been in this call, so their absence reads 'left' rather than 'waiting'.
  const partnerWasHere = useRef(false);
  if (otherHere) partnerWasHere.current = true;
  // A chat-only consultation has no stage to say who is there: the chat's header says it.
  const chatPresence =
    type === 'chat' && live && !withdrawn
      ? chatPresenceLine({ name: otherName, here: otherHere, reconnecting: otherReconnecting, wasHere: partnerWasHere.current }, call.offline)
      : undefined;
  const showsPip = type === 'video' && live;
  const mic = call.localStream?.getAudioTracks()[0];
  const closeSettings = useCallback(() => setSettingsOpen(false), []);

  const remoteOverlay = joining ? (
    <>
      <Spinner />
      <Hint>Connecting to the consultation...</Hint>
    </>
  ) : call.offline ? (
    <>
      <WaitingText>{OFFLINE_MESSAGE.title}</WaitingText>
      <Hint>{OFFLINE_MESSAGE.hint}</Hint>
    </>
  ) : withdrawn ? (
    <>
      <WaitingText>{withdrawn.title}</WaitingText>
      <Hint>{withdrawn.hint}</Hint>
    </>
  ) : otherReconnecting && live ? (
    <>
      <WaitingText>{`${otherName} is reconnecting...`}</WaitingText>
      <Hint>Their connection dropped. The call resumes as soon as they are back.</Hint>
    </>
  ) : call.mediaStalled ? (
    <>
      <WaitingText>{MEDIA_STALLED_MESSAGE.title}</WaitingText>
      <Hint>{MEDIA_STALLED_MESSAGE.hint}</Hint>
      {chatOpen ? null : <Button onClick={() => setChatOpen(true)}>Chat instead</Button>}
    </>
  ) : !partnerStream ? (
    <>
      <WaitingText>{!live ? 'Call Ended' : otherHere ? `Connecting to ${otherName}...` : `Waiting for ${otherName}`}</WaitingText>
      <Hint>{!live ? callEndedMessage(consultation.status) : otherHere ? 'Setting up audio and video.' : 'The call connects as soon as they join.'}</Hint>
    </>
  ) : type === 'audio' ? (
    <>
      <WaitingText>{otherName}</WaitingText>
      <Hint>Audio call</Hint>
    </>
  ) : partnerTracks && !partnerTracks.video && !partnerTracks.screen ? (
    <WaitingText>Camera off</WaitingText>
  ) : null;

  const chat = (
    <ChatPanel
      messages={call.messages}
      self={call.self}
      otherName={otherName}
      readOnly={!live}
      notice={call.phase === 'ended' && consultation ? chatClosedNotice(consultation.status) : withdrawn ? `${withdrawn.title}. ${withdrawn.hint}` : undefined}
      presence={chatPresence}
      onSend={(text) => client.sendChat(text)}
      onLoadEarlier={call.canLoadEarlier ? () => client.loadEarlierMessages() : undefined}
      onClose={type === 'chat' ? undefined : () => setChatOpen(false)}
    />
  );

  return (
    <Shell $chat={chatOpen && type !== 'chat'}>
      <TopBar>
        <div>
          <h1>{joining ? 'Consultation' : otherName}</h1>
          <p>{joining ? 'Connecting...' : isDoctor ? 'Patient consultation' : consultation.doctorSpecialty}</p>
        </div>
        <Meta>
          {call.reconnecting && !call.mediaStalled ? <Pill $tone="warn" role="status">Reconnecting...</Pill> : null}
          {consultation ? <ConsultationStatusBadge status={consultation.status} testId="consultation-status" /> : null}
          {live ? <ConnectionQualityIndicator quality={call.quality} /> : null}
          <Pill $tone={call.connectedAt ? 'live' : undefined} data-testid="call-timer" aria-label="Call duration">
            {elapsed}
          </Pill>
        </Meta>
      </TopBar>

      {type === 'chat' ? (
        <ChatOnlyArea>{chat}</ChatOnlyArea>
      ) : (
        <RemoteArea>
          <Stage $tiles={1 + extras.length} $pip={showsPip}>
            <Tile aria-label={otherName}>
              <VideoTile
                stream={partnerStream}
                testId="remote-video"
                name={otherName}
                fit={partnerTracks?.screen ? 'contain' : 'cover'}
                overlay={remoteOverlay}
                avatarSize={extras.length ? 64 : 112}
                sinkId={call.speaker}
              >
                {partnerStream && partnerTracks && !extras.length ? (
                  <RemoteBadges>
                    {!partnerTracks.audio ? <Pill>Muted</Pill> : null}
                    {partnerTracks.screen ? <Pill>Sharing screen</Pill> : null}
                  </RemoteBadges>
                ) : null}
              </VideoTile>
              {extras.length && !remoteOverlay ? (
                <NameTag>
                  {otherName}
                  {partnerTracks && !partnerTracks.audio ? <span>· Muted</span> : null}
                </NameTag>
              ) : null}
            </Tile>
            {extras.map((participant) => {
              const key = participantKey(participant);
              return (
                <ParticipantTile
                  key={key}
                  participant={participant}
                  stream={call.remoteStreams.get(key)}
                  tracks={call.remoteTracks.get(key)}
                  sinkId={call.speaker}
                  onRemove={isDoctor && live && participant.guestId ? () => void client.removeGuest(participant.guestId!) : undefined}
                />
              );
            })}
          </Stage>
          {live ? <PresenceNotice otherName={otherName} /> : null}
          {showsPip ? (
            <LocalPip>
              <VideoTile
                stream={call.localStream}
                testId="local-video"
                name="You"
                muted
                mirrored
                avatarSize={48}
                overlay={
                  call.devices === 'pending' ? <Hint>Starting camera...</Hint> : !call.localStream || !call.local.video ? <Hint>Camera off</Hint> : undefined
                }
              />
            </LocalPip>
          ) : null}
        </RemoteArea>
      )}
      {chatOpen && type !== 'chat' ? <ChatArea>{chat}</ChatArea> : null}

      <Bottom>
        {live && mic && !call.local.audio ? <MutedHint mic={mic} /> : null}
        {live && consultation && type !== 'chat' && !withdrawn && (call.role === 'doctor' || call.role === 'patient') ? (
          <GuestsPanel consultationId={consultation.id} role={call.role} patientName={consultation.patientName} />
        ) : null}
        {isDoctor && live && consultation
          ? DOCTOR_CALL_ACTIONS.filter(({ action }) => consultationMachine.can(consultation.status, action)).map(({ action, label }) => (
              <DoctorActions key={action}>
                <Button onClick={() => (action === 'complete' ? setCompleting(true) : void client.setStatus(CONSULTATION_ACTIONS[action].to))}>{label}</Button>
              </DoctorActions>
            ))
          : null}
        {isDoctor ? (
          <CompleteConsultationDialog
            open={completing}
            onClose={() => setCompleting(false)}
            onComplete={async (values) => {
              if (!(await client.setStatus(CONSULTATION_ACTIONS.complete.to, completionOutcome(values)))) throw new Error('not completed');
            }}
          />
        ) : null}
        {live || joining ? (
          <CallControls
            local={call.local}
            hasAudio={type !== 'chat' && Boolean(call.localStream)}
            hasVideo={type === 'video' && Boolean(call.localStream)}
            canShareScreen={type === 'video' && Boolean(call.localStream) && 'getDisplayMedia' in (navigator.mediaDevices ?? {})}
            chatOpen={chatOpen || type === 'chat'}
            unread={unread}
            onToggleAudio={() => client.toggleAudio()}
            onToggleVideo={() => client.toggleVideo()}
            onToggleScreen={() => void client.toggleScreen()}
            onToggleChat={() => setChatOpen((open) => !open)}
            onOpenSettings={type !== 'chat' && call.localStream ? () => setSettingsOpen(true) : undefined}
            onEnd={() => client.end('left')}
          />
        ) : (
          <DoctorActions style={{ paddingBottom: 24 }}>
            <Button $variant="secondary" onClick={() => void navigate({ to: exitTo })}>
              {isDoctor ? 'Back to Consultation' : 'Back to Telemedicine'}
            </Button>
          </DoctorActions>
        )}
      </Bottom>
      <Dialog open={settingsOpen && live} title="Device settings" description="Changes apply at once, without leaving the call." onClose={closeSettings}>
        <DeviceSettings />
        <Done>
          <Button onClick={closeSettings}>Done</Button>
        </Done>
      </Dialog>
    </Shell>
  );
}

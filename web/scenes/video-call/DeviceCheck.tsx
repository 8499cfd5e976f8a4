import { useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { useCallClient, useCallSnapshot } from '../../call/CallContext';
import type { MediaConsultationType } from '../../call/CallClient';
import { GUEST_LOBBY_MESSAGE } from '../../../common/constants';
import { Button, Spinner } from '../../components/ui';
import { DeviceSettings } from './DeviceSettings';
import { VideoTile } from './VideoTile';

const Page = styled.main`
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: 20px 16px calc(20px + env(safe-area-inset-bottom));
  background: #020617;
  color: #e2e8f0;
`;

const Layout = styled.div`
  width: min(100%, 1040px);
  display: grid;
  gap: 16px;
  grid-template-areas: 'heading' 'preview' 'panel';
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 3fr 2fr;
    grid-template-areas: 'preview heading' 'preview panel';
    align-items: center;
    column-gap: 32px;
  }
`;

const Heading = styled.header`
  grid-area: heading;
  align-self: end;
  h1 { margin: 0; font-size: 1.45rem; color: white; }
  p { margin: 4px 0 0; color: #94a3b8; }
`;

const Preview = styled.div`
  grid-area: preview;
  aspect-ratio: 4 / 3;
  border-radius: 20px;
  overflow: hidden;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    aspect-ratio: 16 / 10;
  }
`;

const Panel = styled.section`
  grid-area: panel;
  align-self: start;
  display: grid;
  gap: 18px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const Blocked = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Hint = styled.p`
  margin: 0;
  color: #94a3b8;
  font-size: 0.9rem;
`;

const Waiting = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  gap: 10px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: grid;
  gap: 8px;
`;

/**
 * Before joining a call with media: the camera's preview, the microphone's level and the choice of
 * camera, microphone and speaker. Nothing is sent and the other side is not told until 'Join consultation'.
 * A guest who joined stays here, in the doctor's lobby, until the doctor lets them in (phase 'admission').
 * `media` is what the check opens: none for a guest of a chat consultation, who only waits here.
 */
export function DeviceCheck({ otherName, exitTo, media }: { otherName: string; exitTo: string; media?: MediaConsultationType }) {
  const client = useCallClient();
  const call = useCallSnapshot();
  const navigate = useNavigate();
  const admission = call.phase === 'admission';
  const overlay =
    call.devices === 'pending' ? (
      <Hint>Starting camera...</Hint>
    ) : call.devices === 'denied' ? (
      <Hint>Camera and microphone are blocked</Hint>
    ) : !call.localStream?.getVideoTracks().length ? (
      <Hint>Audio only: your camera stays off</Hint>
    ) : undefined;
  return (
    <Page>
      <Layout>
        <Heading aria-live="polite">
          <h1>{admission ? GUEST_LOBBY_MESSAGE : 'Ready to join?'}</h1>
          <p>{admission ? `Consultation with ${otherName}. They know you are here; the call opens as soon as they let you in.` : `Consultation with ${otherName}`}</p>
        </Heading>
        <Preview>
          <VideoTile stream={call.localStream} testId="preview-video" name="You" muted mirrored overlay={overlay} avatarSize={72} />
        </Preview>
        <Panel aria-label="Camera and microphone check">
          {call.devices === 'denied' ? (
            <Blocked>
              Your browser is not letting this page use the camera or microphone. Allow them in the site settings and reload the page, or join
              without them and use the chat.
            </Blocked>
          ) : (
            <DeviceSettings opening={media} />
          )}
          <Actions>
            {admission ? (
              <Waiting>
                <Spinner /> Waiting to be let in...
              </Waiting>
            ) : (
              <Button $size="lg" $block onClick={() => client.enter()}>
                Join consultation
              </Button>
            )}
            <Button $variant="ghost" $block onClick={() => void navigate({ to: exitTo })}>
              Back
            </Button>
          </Actions>
        </Panel>
      </Layout>
    </Page>
  );
}

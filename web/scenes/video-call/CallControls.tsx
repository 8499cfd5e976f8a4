import styled from 'styled-components';
import type { TrackState } from '../../call/CallClient';
import { CameraIcon, CameraOffIcon, ChatIcon, MicIcon, MicOffIcon, PhoneOffIcon, ScreenIcon, SettingsIcon } from './icons';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: 10px;
  padding: 12px 12px calc(12px + env(safe-area-inset-bottom));
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    gap: 14px;
    padding: 14px 16px calc(14px + env(safe-area-inset-bottom));
  }
`;

const Control = styled.button.attrs({ type: 'button' })<{ $off?: boolean; $active?: boolean; $danger?: boolean }>`
  width: 48px;
  height: 48px;
  flex: none;
  border-radius: 50%;
  border: none;
  display: grid;
  place-items: center;
  cursor: pointer;
  position: relative;
  transition: background 120ms ease, transform 120ms ease;
  /* On the theme's own primary or danger fill, the theme's colour for what sits on them (dark in the dark theme). */
  color: ${({ $off, $active, $danger, theme }) => ($off ? '#0f172a' : $danger || $active ? theme.colors.onPrimary : 'white')};
  background: ${({ $off, $active, $danger, theme }) =>
    $danger ? theme.colors.danger : $off ? '#f8fafc' : $active ? theme.colors.primary : 'rgba(255, 255, 255, 0.16)'};
  &:hover { transform: translateY(-1px); }
  &:disabled { opacity: 0.4; cursor: not-allowed; transform: none; }
  svg { width: 24px; height: 24px; }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    width: 54px;
    height: 54px;
  }
`;

const Unread = styled.span`
  position: absolute;
  top: 2px;
  right: 2px;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.7rem;
  font-weight: 700;
  display: grid;
  place-items: center;
`;

interface CallControlsProps {
  local: TrackState;
  hasAudio: boolean;
  hasVideo: boolean;
  canShareScreen: boolean;
  chatOpen: boolean;
  unread: number;
  onToggleAudio(): void;
  onToggleVideo(): void;
  onToggleScreen(): void;
  onToggleChat(): void;
  /** Opens the camera, microphone and speaker choices; absent when no device is open. */
  onOpenSettings?: () => void;
  onEnd(): void;
}

export function CallControls(props: CallControlsProps) {
  const { local } = props;
  return (
    <Bar role="toolbar" aria-label="Call controls">
      {props.hasAudio ? (
        <Control $off={!local.audio} aria-pressed={!local.audio} aria-label={local.audio ? 'Mute microphone' : 'Unmute microphone'} onClick={props.onToggleAudio}>
          {local.audio ? <MicIcon /> : <MicOffIcon />}
        </Control>
      ) : null}
      {props.hasVideo ? (
        <Control $off={!local.video} aria-pressed={!local.video} aria-label={local.video ? 'Turn camera off' : 'Turn camera on'} onClick={props.onToggleVideo}>
          {local.video ? <CameraIcon /> : <CameraOffIcon />}
        </Control>
      ) : null}
      {props.canShareScreen ? (
        <Control $active={local.screen} aria-pressed={local.screen} aria-label={local.screen ? 'Stop sharing screen' : 'Share screen'} onClick={props.onToggleScreen}>
          <ScreenIcon />
        </Control>
      ) : null}
      <Control $active={props.chatOpen} aria-pressed={props.chatOpen} aria-label={props.chatOpen ? 'Close chat' : props.unread > 0 ? `Open chat, ${props.unread} unread` : 'Open chat'} onClick={props.onToggleChat}>
        <ChatIcon />
        {props.unread > 0 && !props.chatOpen ? <Unread aria-label={`${props.unread} unread`}>{props.unread}</Unread> : null}
      </Control>
      {props.onOpenSettings ? (
        <Control aria-label="Device settings" aria-haspopup="dialog" onClick={props.onOpenSettings}>
          <SettingsIcon />
        </Control>
      ) : null}
      <Control $danger aria-label="End call" onClick={props.onEnd}>
        <PhoneOffIcon />
      </Control>
    </Bar>
  );
}

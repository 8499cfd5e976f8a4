import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { format } from 'date-fns';
import { CHAT_MAX_LENGTH } from '../../../common/constants';
import { chatSenderLabel } from '../../../common/names';
import type { ChatMessage } from '../../../common/socket-events';
import { writerKey } from '../../../common/participants';
import { Button, IconButton, Input } from '../../components/ui';
import { CloseIcon, SendIcon } from './icons';

const Panel = styled.aside`
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  min-height: 0;
  height: 100%;
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 12px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0; font-size: 1rem; }
  p { margin: 0; font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Lines = styled.ol`
  flex: 1;
  overflow-y: auto;
  list-style: none;
  margin: 0;
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Line = styled.li<{ $mine: boolean }>`
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: 85%;
  display: flex;
  flex-direction: column;
  align-items: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  gap: 2px;
  small { font-size: 0.72rem; color: ${({ theme }) => theme.colors.textMuted}; }
  p {
    margin: 0;
    padding: 8px 12px;
    border-radius: 16px;
    border-bottom-${({ $mine }) => ($mine ? 'right' : 'left')}-radius: 4px;
    background: ${({ $mine, theme }) => ($mine ? theme.colors.primary : theme.colors.surface)};
    color: ${({ $mine, theme }) => ($mine ? theme.colors.onPrimary : theme.colors.text)};
    border: 1px solid ${({ $mine, theme }) => ($mine ? theme.colors.primary : theme.colors.border)};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Empty = styled.li`
  margin: auto;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Earlier = styled.li`
  align-self: center;
`;

const Notice = styled.p`
  margin: 0;
  padding: 12px 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  text-align: center;
`;

const Composer = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  ${Input} { flex: 1; min-width: 0; }
`;

const TooLong = styled.p`
  flex-basis: 100%;
  margin: 0;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.danger};
`;

const SendButton = styled(IconButton).attrs({ type: 'submit' })`
  background: ${({ theme }) => theme.colors.primary};
  border-color: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  &:hover { background: ${({ theme }) => theme.colors.primaryDark}; }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
`;

interface ChatPanelProps {
  messages: ChatMessage[];
  /** Our participantKey: our own lines read 'You'. */
  self: string | null;
  otherName: string;
  readOnly: boolean;
  /** What the chat should know about the call (why it is read-only, who cannot come), above the message box. */
  notice?: string;
  /** Who is in a chat-only consultation now (no stage says it there), under the title in place of 'with {name}'. */
  presence?: string;
  onSend(text: string): Promise<boolean>;
  /** Fetches the page of lines before the first one shown; absent when there is none to fetch. */
  onLoadEarlier?: () => Promise<void>;
  onClose?: () => void;
}

const displayName = (message: ChatMessage) => chatSenderLabel(message.sender, message.senderName);

const count = (n: number) => n.toLocaleString('en-US');

/** A draft past the limit is kept whole (a paste is never cut silently) and not sent until it fits. */
function tooLongMessage(draft: string): string | null {
  const length = draft.trim().length;
  return length > CHAT_MAX_LENGTH ? `Message must be at most ${count(CHAT_MAX_LENGTH)} characters; this one has ${count(length)}. Shorten it to send.` : null;
}

/**
 * The consultation's chat: the latest lines from the server, earlier ones on request (the button, or
 * scrolling to the top), live lines, blank input ignored.
 */
export function ChatPanel({ messages, self, otherName, readOnly, notice, presence, onSend, onLoadEarlier, onClose }: ChatPanelProps) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const lines = useRef<HTMLOListElement>(null);
  const end = useRef<HTMLLIElement>(null);
  /** Distance from the bottom before earlier lines went in above, to keep the same lines in view. */
  const fromBottom = useRef<number | null>(null);
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  // A new line at the end scrolls it into view; earlier lines going in above leave the view where it was.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);
  useLayoutEffect(() => {
    const list = lines.current;
    if (!list || fromBottom.current === null) return;
    list.scrollTop = list.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [firstId]);

  const loadEarlier = async () => {
    if (!onLoadEarlier || loadingEarlier) return;
    const list = lines.current;
    fromBottom.current = list ? list.scrollHeight - list.scrollTop : null;
    setLoadingEarlier(true);
    await onLoadEarlier();
    setLoadingEarlier(false);
  };

  const tooLong = tooLongMessage(draft);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!draft.trim() || tooLong || sending) return;
    setSending(true);
    const sent = await onSend(draft);
    setSending(false);
    if (sent) setDraft('');
  };

  return (
    <Panel aria-label="Consultation chat">
      <Header>
        <div>
          <h2>Chat</h2>
          {presence ? (
            <p role="status" data-testid="chat-presence">
              {presence}
            </p>
          ) : (
            <p>with {otherName}</p>
          )}
        </div>
        {onClose ? (
          <IconButton aria-label="Hide chat" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        ) : null}
      </Header>
      <Lines
        ref={lines}
        data-testid="chat-messages"
        onScroll={(e) => {
          if (e.currentTarget.scrollTop === 0) void loadEarlier();
        }}
      >
        {onLoadEarlier ? (
          <Earlier>
            <Button $variant="ghost" $size="sm" disabled={loadingEarlier} onClick={() => void loadEarlier()}>
              {loadingEarlier ? 'Loading earlier messages...' : 'Load earlier messages'}
            </Button>
          </Earlier>
        ) : null}
        {messages.length === 0 ? <Empty>{readOnly && notice ? 'No messages.' : 'No messages yet. Say hello!'}</Empty> : null}
        {messages.map((message) => {
          const mine = writerKey(message) === self;
          return (
            <Line key={message.id} $mine={mine} data-testid="chat-message">
              <small>
                {mine ? 'You' : displayName(message)} · {format(new Date(message.createdAt), 'HH:mm')}
              </small>
              <p>{message.text}</p>
            </Line>
          );
        })}
        <li ref={end} aria-hidden />
      </Lines>
      {notice ? <Notice role="status">{notice}</Notice> : null}
      {readOnly ? null : (
        <Composer onSubmit={submit}>
          <Input
            aria-label="Message"
            placeholder="Type a message..."
            value={draft}
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={tooLong ? 'chat-too-long' : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          <SendButton aria-label="Send message" disabled={!draft.trim() || Boolean(tooLong) || sending}>
            <SendIcon />
          </SendButton>
          {tooLong ? (
            <TooLong id="chat-too-long" role="alert">
              {tooLong}
            </TooLong>
          ) : null}
        </Composer>
      )}
    </Panel>
  );
}

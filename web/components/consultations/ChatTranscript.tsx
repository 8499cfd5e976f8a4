import { useInfiniteQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { format } from 'date-fns';
import { chatSenderLabel } from '../../../common/names';
import type { ChatMessage, ParticipantRole } from '../../../common/socket-events';
import { chatTranscriptQuery } from '../../api/chat-transcript';
import { messageOf } from '../../api/auth';
import { Button, EmptyState, Muted, Skeleton, Stack } from '../ui';

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: 12px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  max-height: 420px;
  overflow-y: auto;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Line = styled.li<{ $mine: boolean }>`
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: 85%;
  small { display: block; font-size: 0.72rem; color: ${({ theme }) => theme.colors.textMuted}; text-align: ${({ $mine }) => ($mine ? 'right' : 'left')}; }
  p {
    margin: 2px 0 0;
    padding: 8px 12px;
    border-radius: 14px;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border: 1px solid ${({ $mine, theme }) => ($mine ? theme.colors.primary : theme.colors.border)};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const displayName = (message: ChatMessage) => chatSenderLabel(message.sender, message.senderName);

/** A consultation's chat as it was written, read-only, oldest line first; earlier lines a page at a time. */
export function ChatTranscript({ consultationId, side }: { consultationId: string; side: ParticipantRole }) {
  const transcript = useInfiniteQuery(chatTranscriptQuery(consultationId));
  if (transcript.isPending) return <Skeleton $height="96px" />;
  if (transcript.isError) return <EmptyState title="Failed to fetch the chat" message={messageOf(transcript.error, 'Please try again.')} />;
  const lines = [...transcript.data.pages].reverse().flatMap((page) => page.messages);
  if (lines.length === 0) return <EmptyState title="No chat messages" message="Nothing was written in this consultation's chat." />;
  return (
    <Stack $gap="8px" data-testid="chat-transcript">
      <Muted>Read-only: the chat as it was written during the consultation.</Muted>
      {transcript.hasNextPage ? (
        <Button $variant="ghost" $size="sm" onClick={() => void transcript.fetchNextPage()} disabled={transcript.isFetchingNextPage}>
          {transcript.isFetchingNextPage ? 'Loading...' : 'Load earlier messages'}
        </Button>
      ) : null}
      <Lines aria-label="Chat transcript">
        {lines.map((message) => (
          <Line key={message.id} $mine={message.sender === side} data-testid="transcript-line">
            <small>
              {displayName(message)} · {format(new Date(message.createdAt), 'MMM d, h:mm a')}
            </small>
            <p>{message.text}</p>
          </Line>
        ))}
      </Lines>
    </Stack>
  );
}

import { useId, useState } from 'react';
import type { ParticipantRole } from '../../../common/socket-events';
import { Button, Stack } from '../ui';
import { ChatTranscript } from './ChatTranscript';

/** 'Show chat' on a finished consultation: its transcript, asked for only when opened. */
export function ChatTranscriptToggle({ consultationId, side }: { consultationId: string; side: ParticipantRole }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <Stack $gap="8px">
      <Button $variant="secondary" $size="sm" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {open ? 'Hide chat' : 'Show chat'}
      </Button>
      <div id={regionId}>{open ? <ChatTranscript consultationId={consultationId} side={side} /> : null}</div>
    </Stack>
  );
}

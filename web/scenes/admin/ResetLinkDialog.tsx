import { OneTimeLink } from '../../components/OneTimeLink';
import { Dialog, Muted, Stack } from '../../components/ui';

/** The reset link for a doctor, shown this once where the server has no mail to send it by. */
export function ResetLinkDialog({ reset, onClose }: { reset: { doctorName: string; link: string } | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(reset)} title={`Password reset for ${reset?.doctorName ?? ''}`} onClose={onClose}>
      <Stack $gap="12px">
        <Muted>No email is set up on this server, so give this link to the doctor yourself. It works once, for 30 minutes, and signs them out everywhere when used. It is not shown again.</Muted>
        <OneTimeLink link={reset?.link ?? ''} label="Reset link" afterCopy="Give it to the doctor in person or over a trusted channel." onDone={onClose} />
      </Stack>
    </Dialog>
  );
}

import styled from 'styled-components';
import { Button, Dialog, Muted, Stack } from '../../components/ui';
import { showToast } from '../../components/toast';

const Link = styled.code`
  display: block;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.primarySoft};
  word-break: break-all;
`;

/** The reset link for a doctor, shown this once where the server has no mail to send it by. */
export function ResetLinkDialog({ reset, onClose }: { reset: { doctorName: string; link: string } | null; onClose: () => void }) {
  const copy = () =>
    void navigator.clipboard
      .writeText(reset?.link ?? '')
      .then(() => showToast('Link copied', 'Give it to the doctor in person or over a trusted channel.', 'success'))
      .catch(() => showToast('Could not copy', 'Select the link and copy it by hand.', 'destructive'));
  return (
    <Dialog open={Boolean(reset)} title={`Password reset for ${reset?.doctorName ?? ''}`} onClose={onClose}>
      <Stack $gap="12px">
        <Muted>No email is set up on this server, so give this link to the doctor yourself. It works once, for 30 minutes, and signs them out everywhere when used. It is not shown again.</Muted>
        <Link aria-label="Reset link">{reset?.link}</Link>
        <Button type="button" $variant="secondary" onClick={copy}>
          Copy link
        </Button>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </Stack>
    </Dialog>
  );
}

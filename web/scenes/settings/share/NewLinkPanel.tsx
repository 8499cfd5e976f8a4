import { useEffect, useState } from 'react';
import styled from 'styled-components';
import QRCode from 'qrcode';
import { Button, Muted, Row, Stack } from '../../../components/ui';
import { showToast } from '../../../components/toast';
import type { NewShare } from '../../../api/shared-links';

const Link = styled.code`
  display: block;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  word-break: break-all;
  font-size: 0.8rem;
`;

const Code = styled.img`
  width: 240px;
  max-width: 100%;
  height: auto;
  background: #fff;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** The new link, shown this once (its key is nowhere else): as text to copy and as a QR code to scan. */
export function NewLinkPanel({ share, hasPasscode, onDone }: { share: NewShare; hasPasscode: boolean; onDone: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    // Error correction level M, as the IG recommends for SMART Health Link QR codes.
    void QRCode.toDataURL(share.link, { errorCorrectionLevel: 'M', margin: 2, width: 480 }).then(setQr, () => setQr(null));
  }, [share.link]);
  const copy = () =>
    void navigator.clipboard
      .writeText(share.link)
      .then(() => showToast('Link copied', 'Send it to the doctor, or let them scan the QR code.', 'success'))
      .catch(() => showToast('Could not copy', 'Select the link and copy it by hand.', 'destructive'));
  return (
    <Stack $gap="12px" aria-label="New shared link" role="region" style={{ marginTop: 12 }}>
      <Muted role="status">
        Link ready: {share.created.label}. It is shown only now; anyone with it can open the records until it expires or you revoke it.
        {hasPasscode ? ' Tell the doctor the passcode separately: it is not in the link.' : ''}
      </Muted>
      <Link aria-label="Shared link">{share.link}</Link>
      {qr ? <Code src={qr} alt={`QR code of the shared link ${share.created.label}`} /> : null}
      <Row $gap="8px" $wrap>
        <Button type="button" $variant="secondary" onClick={copy}>
          Copy link
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </Row>
    </Stack>
  );
}

import { useEffect, useState } from 'react';
import styled from 'styled-components';
import QRCode from 'qrcode';
import { Muted, Stack } from '../../../components/ui';
import { OneTimeLink } from '../../../components/OneTimeLink';
import type { NewShare } from '../../../api/shared-links';

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
  return (
    <Stack $gap="12px" aria-label="New shared link" role="region" style={{ marginTop: 12 }}>
      <Muted role="status">
        Link ready: {share.created.label}. It is shown only now; anyone with it can open the records until it expires or you revoke it.
        {hasPasscode ? ' Tell the doctor the passcode separately: it is not in the link.' : ''}
      </Muted>
      <OneTimeLink link={share.link} label="Shared link" afterCopy="Send it to the doctor, or let them scan the QR code." onDone={onDone}>
        {qr ? <Code src={qr} alt={`QR code of the shared link ${share.created.label}`} /> : null}
      </OneTimeLink>
    </Stack>
  );
}

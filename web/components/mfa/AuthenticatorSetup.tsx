import styled from 'styled-components';
import type { MfaEnrolment } from '../../../common/api-types';
import { Muted, Stack } from '../ui';

const Qr = styled.img`
  width: 184px;
  height: 184px;
  align-self: center;
  background: #fff;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Key = styled.code`
  display: block;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.primarySoft};
  font-size: 0.95rem;
  letter-spacing: 0.08em;
  word-break: break-all;
`;

/** The new authenticator secret: its QR code, and the key to type for apps that cannot scan. */
export function AuthenticatorSetup({ enrolment }: { enrolment: MfaEnrolment }) {
  return (
    <Stack $gap="10px">
      <Muted>Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.</Muted>
      <Qr src={enrolment.qrCode} alt="QR code to add MediVault to your authenticator app" />
      <Muted>Can't scan it? Enter this key in the app instead:</Muted>
      <Key aria-label="Authenticator key">{enrolment.secret}</Key>
    </Stack>
  );
}

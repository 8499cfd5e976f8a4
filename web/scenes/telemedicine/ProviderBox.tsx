import styled from 'styled-components';
import { Icon, LinkButton } from '../../components/ui';
import { ICONS } from '../../components/consultations/icons';

const Box = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 14px;
  padding: 18px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryDark};
  h2 { margin: 0; font-size: 1.05rem; }
  p { margin: 2px 0 0; font-size: 0.9rem; }
  div { flex: 1; min-width: 200px; }
`;

/** Spec: a 'Healthcare Provider?' box leading to /doctor/login. */
export function ProviderBox() {
  return (
    <Box>
      <Icon path={ICONS.stethoscope} size={32} />
      <div>
        <h2>Healthcare Provider?</h2>
        <p>Sign in to the doctor portal to see your schedule and run consultations.</p>
      </div>
      <LinkButton to="/doctor/login" $variant="secondary">
        Doctor Portal
      </LinkButton>
    </Box>
  );
}

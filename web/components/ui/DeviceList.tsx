import styled from 'styled-components';

/** A list of the account's devices (signed-in sessions, passkeys): an icon, a name with details under it, and an action. */
export const DeviceList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  li > div { flex: 1; min-width: 0; }
  strong { display: block; font-size: 0.95rem; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.8rem; }
`;

import styled from 'styled-components';

const List = styled.div`
  display: flex;
  gap: 4px;
  overflow-x: auto;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 16px;
`;

const Tab = styled.button`
  border: none;
  background: none;
  padding: 10px 14px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  border-bottom: 3px solid transparent;
  cursor: pointer;
  white-space: nowrap;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

export function Tabs<T extends string>({ tabs, value, onChange }: { tabs: readonly T[]; value: T; onChange: (tab: T) => void }) {
  return (
    <List role="tablist">
      {tabs.map((tab) => (
        <Tab key={tab} role="tab" aria-selected={tab === value} onClick={() => onChange(tab)}>
          {tab}
        </Tab>
      ))}
    </List>
  );
}

import { useId, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

/** Tabs wrap onto a second line where the screen is too narrow for all of them, rather than hide past its edge. */
const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 4px;
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
  /* The doctor's four consultation tabs take two lines on a 320 px phone instead of three. */
  @media (max-width: 359px) {
    padding: 10px 8px;
    font-size: 0.9375rem;
  }
`;

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

interface Props<T extends string> {
  /** What the tabs choose between, for screen readers ('Recent activity'). */
  label: string;
  tabs: readonly T[];
  value: T;
  onChange: (tab: T) => void;
  /** What the selected tab shows, as the tab panel it names. */
  children: ReactNode;
}

/**
 * Tabs and the panel of the selected one, as the WAI-ARIA tabs pattern has them: Tab reaches the selected tab
 * only, the arrow keys, Home and End select another (each panel shows at once, so selection follows focus).
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: Props<T>) {
  const id = useId();
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    // Alt+arrows are the browser's Back and Forward, Ctrl/Cmd+Home and End its own moves.
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabButtons = [...event.currentTarget.children] as HTMLElement[];
    const focused = tabButtons.indexOf(event.target as HTMLElement);
    if (focused < 0) return;
    event.preventDefault();
    const next = step(focused, tabs.length);
    onChange(tabs[next]!);
    tabButtons[next]!.focus();
  };

  return (
    <>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <Tab
            key={tab}
            id={tabId(index)}
            role="tab"
            aria-selected={tab === value}
            aria-controls={tab === value ? panelId : undefined}
            tabIndex={tab === value ? 0 : -1}
            onClick={() => onChange(tab)}
          >
            {tab}
          </Tab>
        ))}
      </List>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tabs.indexOf(value))} tabIndex={0}>
        {children}
      </div>
    </>
  );
}

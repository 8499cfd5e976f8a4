import styled from 'styled-components';
import { Card, CardHeader, CardTitle, Muted } from '../../components/ui';
import { THEME_MODES, setThemeMode, useThemeMode, type ThemeMode } from '../../styles/theme-mode';

const LABELS: Record<ThemeMode, string> = { system: 'Same as this device', light: 'Light', dark: 'Dark' };

const Choices = styled.fieldset`
  margin: 12px 0 0;
  padding: 0;
  border: none;
  display: grid;
  gap: 8px;
  legend { padding: 0; margin-bottom: 8px; font-weight: 600; }
  label {
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 44px;
    padding: 0 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    cursor: pointer;
  }
  label:has(input:checked) { border-color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.primarySoft}; }
  input { width: 18px; height: 18px; margin: 0; }
`;

/** Light, dark, or the device's own setting; kept in this browser. */
export function AppearanceCard() {
  const { mode } = useThemeMode();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
      </CardHeader>
      <Muted>Kept on this device.</Muted>
      <Choices>
        <legend>Theme</legend>
        {THEME_MODES.map((choice) => (
          <label key={choice}>
            <input type="radio" name="theme" value={choice} checked={mode === choice} onChange={() => setThemeMode(choice)} />
            {LABELS[choice]}
          </label>
        ))}
      </Choices>
    </Card>
  );
}

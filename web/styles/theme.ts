/** The colours every screen is drawn with, in the light and the dark scheme. */
interface Palette {
  primary: string;
  primaryDark: string;
  primarySoft: string;
  /** Text and icons on a filled primary or danger button. */
  onPrimary: string;
  accent: string;
  accentSoft: string;
  background: string;
  surface: string;
  surfaceMuted: string;
  border: string;
  text: string;
  textMuted: string;
  success: string;
  successSoft: string;
  warning: string;
  warningSoft: string;
  danger: string;
  dangerSoft: string;
  info: string;
  infoSoft: string;
}

const light: Palette = {
  primary: '#0f766e',
  primaryDark: '#115e59',
  primarySoft: '#ccfbf1',
  onPrimary: '#ffffff',
  accent: '#2563eb',
  accentSoft: '#dbeafe',
  background: '#f4f7f9',
  surface: '#ffffff',
  surfaceMuted: '#f1f5f9',
  border: '#e2e8f0',
  text: '#0f172a',
  textMuted: '#56657a',
  success: '#15803d',
  successSoft: '#dcfce7',
  warning: '#a16207',
  warningSoft: '#fef9c3',
  danger: '#b91c1c',
  dangerSoft: '#fee2e2',
  info: '#1d4ed8',
  infoSoft: '#dbeafe',
};

// Every text colour here reads at 4.5:1 or more on surface, surfaceMuted and its own soft background.
const dark: Palette = {
  primary: '#2dd4bf',
  primaryDark: '#5eead4',
  primarySoft: '#123c38',
  onPrimary: '#04201d',
  accent: '#60a5fa',
  accentSoft: '#1e3a5f',
  background: '#0b1220',
  surface: '#131c2e',
  surfaceMuted: '#1b2638',
  border: '#2b3a52',
  text: '#e5ebf3',
  textMuted: '#a3b1c6',
  success: '#4ade80',
  successSoft: '#12341f',
  warning: '#facc15',
  warningSoft: '#3a2f0b',
  danger: '#f87171',
  dangerSoft: '#3f1414',
  info: '#93c5fd',
  infoSoft: '#1e3a5f',
};

export type ColorScheme = 'light' | 'dark';

const shape = {
  radii: { sm: '8px', md: '12px', lg: '18px', pill: '999px' },
  font: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  breakpoints: { md: '768px', lg: '1024px' },
  layout: { maxWidth: '1080px', bottomNavHeight: '64px', sideNavWidth: '220px' },
} as const;

export interface Theme extends Readonly<typeof shape> {
  scheme: ColorScheme;
  colors: Readonly<Palette>;
  shadow: { card: string; raised: string };
}

export const themes: Record<ColorScheme, Theme> = {
  light: {
    ...shape,
    scheme: 'light',
    colors: light,
    shadow: { card: '0 1px 2px rgba(15, 23, 42, 0.06), 0 4px 16px rgba(15, 23, 42, 0.05)', raised: '0 10px 30px rgba(15, 23, 42, 0.12)' },
  },
  dark: {
    ...shape,
    scheme: 'dark',
    colors: dark,
    shadow: { card: '0 1px 2px rgba(0, 0, 0, 0.4), 0 4px 16px rgba(0, 0, 0, 0.3)', raised: '0 10px 30px rgba(0, 0, 0, 0.5)' },
  },
};

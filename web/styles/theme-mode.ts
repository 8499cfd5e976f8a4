/**
 * The colour scheme the patient chose on Settings: the device's ('system', the default), light or dark.
 * Kept in this browser (localStorage), read by the app shell and the settings screen alike.
 */
import { useSyncExternalStore } from 'react';
import type { ColorScheme } from './theme';

export type ThemeMode = 'system' | ColorScheme;
export const THEME_MODES: readonly ThemeMode[] = ['system', 'light', 'dark'];

const STORAGE_KEY = 'medivault.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function storedMode(): ThemeMode {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function setThemeMode(mode: ThemeMode): void {
  try {
    if (mode === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia?.(DARK_QUERY);
  media?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
  };
}

/** The chosen mode and the scheme it gives now (the device's, for 'system'). */
function snapshot(): `${ThemeMode}:${ColorScheme}` {
  const mode = storedMode();
  const scheme: ColorScheme = mode === 'system' ? (window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light') : mode;
  return `${mode}:${scheme}`;
}

export function useThemeMode(): { mode: ThemeMode; scheme: ColorScheme } {
  const [mode, scheme] = useSyncExternalStore(subscribe, snapshot).split(':') as [ThemeMode, ColorScheme];
  return { mode, scheme };
}

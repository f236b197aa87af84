import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

// Must match public/theme-init.js, which applies the stored theme before React loads.
const storageKey = 'marquee-theme';
const listeners = new Set<() => void>();

function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(storageKey, theme);
  } catch {
    // Storage may be disabled; the choice then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current theme; every toggle on screen (header, admin sidebar) stays in step. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme);
}

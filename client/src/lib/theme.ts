import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

// Must match public/theme-init.js, which applies the stored theme before React loads.
const storageKey = 'marquee-theme';
const listeners = new Set<() => void>();

function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/**
 * Switches the theme at once: colour transitions are suspended for the switch, so no element is
 * caught half-way between the two palettes (by the eye or by a contrast check).
 */
export function setTheme(theme: Theme): void {
  const root = document.documentElement;
  const pause = document.createElement('style');
  pause.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.append(pause);
  root.classList.toggle('dark', theme === 'dark');
  // Reading a computed style applies the new colours before transitions come back.
  void getComputedStyle(root).color;
  requestAnimationFrame(() => pause.remove());
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

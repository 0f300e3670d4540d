import { useEffect, useSyncExternalStore } from 'react';
import type { PublicConfig } from '@portal/shared';
import { apiGet } from './api';

/**
 * Public settings from GET /api/config (SPEC.md 1: app name, {phone}, {email}). Asked once per page
 * load, by the first screen that shows them (the header, on every route), and kept in localStorage
 * (`portal-config`, dropped on a new build or after 7 days) so the header renders offline. Not
 * TanStack Query: the header is in the entry, and the query cache loads only with the screens that
 * use it (lib/queries.tsx). Until the first answer the fallback below is used (or the saved answer);
 * empty phone/e-mail mean "not known yet" and callers hide those links. A failed ask is made again
 * by the next screen that mounts.
 */
export const FALLBACK_CONFIG: PublicConfig = {
  appName: 'IT Support Portal',
  supportPhone: '',
  supportEmail: '',
  phoneCountry: 'US',
};

/** localStorage key of the last answer: `{ build, at (epoch ms), config }`. */
export const CONFIG_STORAGE_KEY = 'portal-config';
const BUILD = import.meta.env.VITE_BUILD_ID ?? 'dev';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

let current: PublicConfig | undefined = readSaved();
let asked = false;
const listeners = new Set<() => void>();

function readSaved(): PublicConfig | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY) ?? 'null') as { build?: string; at?: number; config?: PublicConfig } | null;
    if (saved?.build === BUILD && typeof saved.at === 'number' && Date.now() - saved.at < MAX_AGE_MS) return saved.config;
  } catch {
    // unreadable or disabled storage: ask the server
  }
  return undefined;
}

function ask(): void {
  if (asked) return;
  asked = true;
  apiGet<PublicConfig>('/api/config').then(
    (config) => {
      current = config;
      try {
        localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify({ build: BUILD, at: Date.now(), config }));
      } catch {
        // storage full or disabled: the page still shows it
      }
      for (const listener of listeners) listener();
    },
    () => {
      asked = false;
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => current;

export function useConfig(): PublicConfig {
  const data = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(ask, []);
  return {
    appName: data?.appName || FALLBACK_CONFIG.appName,
    supportPhone: data?.supportPhone ?? '',
    supportEmail: data?.supportEmail ?? '',
    phoneCountry: data?.phoneCountry || FALLBACK_CONFIG.phoneCountry,
  };
}

/** `tel:` URL of a display phone number: keeps digits and a leading plus. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@portal/shared';

/**
 * Public settings from GET /api/config (SPEC.md 1: app name, {phone}, {email}). Cached for the
 * session and persisted (meta.persist) so the header renders offline. Until the first answer the
 * fallback below is used; empty phone/e-mail mean "not known yet" and callers hide those links.
 */
export const FALLBACK_CONFIG: PublicConfig = {
  appName: 'IT Support Portal',
  supportPhone: '',
  supportEmail: '',
  phoneCountry: 'US',
};

export function useConfig(): PublicConfig {
  const { data } = useQuery<PublicConfig>({ queryKey: ['/api/config'], meta: { persist: true } });
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

/**
 * What the notification template tests (features/<name>/notifications.test.ts) render with: the
 * brand (markup in the app name, to prove escaping), a ticket snapshot whose customer texts are full
 * of markup, and the {@link RenderContext} the dispatcher hands to a kind's `render`.
 */
import type { TicketSnapshot } from '@portal/shared';
import type { Config } from '../config';
import type { Brand, RenderContext } from '../notify';

/** The brand of the rendered messages; links start with its publicUrl `https://help.acme.test`. */
export const TEST_BRAND: Brand = { appName: 'Acme <IT>', supportPhone: '(555) 123-4567', supportEmail: 'help@acme.test', publicUrl: 'https://help.acme.test' };

/** An urgent open ticket, TKT-000042, whose client name and issue hold HTML and script. */
export const TEST_TICKET: TicketSnapshot = {
  id: '7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
  ticketNumber: 'TKT-000042',
  clientName: 'Robin "Bobby" <script>alert(1)</script>',
  businessName: 'R & D Ltd',
  customerEmail: 'robin@example.com',
  customerPhone: '(555) 010-2030',
  severity: 'urgent',
  contactMethod: 'text',
  issue: 'Server down.\n<img src=x onerror=alert(1)>\nPlease hurry!',
  status: 'open',
  resolution: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

/** A render context with {@link TEST_BRAND} and only the given config fields (the rest unset). */
export function renderContext(config: Partial<Config> = {}): RenderContext {
  return { brand: TEST_BRAND, config: config as Config };
}

import { z } from 'zod';

/**
 * Inbound mail admin API (docs/inbound-mail.md, docs/api.md): the mailbox status of the answering
 * process, the "could not import" list, retry, delete and the connection test.
 */
export const inboundFailureParamsSchema = z.object({ id: z.uuid() });

/** GET /api/settings/inbound-mail: the status seen by the process that answered (each process fetches). */
export interface InboundMailStatus {
  /** INBOUND_IMAP_URL is set. */
  imapConfigured: boolean;
  /** The SMTP listener's port, null when INBOUND_SMTP_PORT is not set. */
  smtpPort: number | null;
  connected: boolean;
  /** The server offers IDLE (new mail arrives at once); false = polling. */
  idle: boolean;
  lastFetchAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Tickets and replies imported by this process since it started. */
  imported: number;
}

/** One row of the "could not import" list (GET /api/settings/inbound-mail/failures). Texts are plain text. */
export interface InboundFailure {
  id: string;
  messageId: string | null;
  sender: string | null;
  subject: string | null;
  reason: string;
  size: number;
  /** The raw message is kept, so retry is possible (false for messages over the size limit). */
  retryable: boolean;
  createdAt: string;
}

/** POST /api/settings/inbound-mail/failures/:id/retry and POST /api/settings/inbound-mail/test answer. */
export interface InboundActionResult {
  ok: boolean;
  message: string;
}

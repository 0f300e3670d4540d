/**
 * POST /api/tickets (anonymous; SPEC.md 7, docs/status-links.md): the public form's create, written
 * by its group commit (createQueue.ts), which owns its Idempotency-Key step; rate limited per IP.
 * Answer: 201 `TicketCreated` with `statusUrl`.
 */
import type Router from '@koa/router';
import { statusPath, ticketCreateSchema, type TicketCreated } from '@portal/shared';
import { rateLimit } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import { keyScopeOf, readIdempotencyKey } from '../../http/transaction';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { prepareAttachments } from '../attachments/port';
import { TicketCreateQueue, type CreateOutcome } from './createQueue';
import { liveStatusLink, newStatusLink, statusToken, type StatusLinkDeps } from './statusLinks';

/** Adds the route (and its create queue) to the tickets router. */
export function addPublicCreate(router: Router<AppState>, s: Services, links: StatusLinkDeps): void {
  const createInput = validate({ body: ticketCreateSchema });
  const createQueue = new TicketCreateQueue(s.db, s.events);

  /**
   * The create answer with the ticket's status link. The token is never part of the stored
   * (idempotent) answer: a fresh create knows it; a replay derives it from the stored nonce.
   */
  async function withStatusUrl(outcome: CreateOutcome, fresh: { token: string }): Promise<unknown> {
    if (outcome.status !== 201) return outcome.body;
    const body = outcome.body as TicketCreated;
    let token: string | undefined = fresh.token;
    if (outcome.replayed) {
      const link = await liveStatusLink(s.db, body.id, s.clock());
      token = link ? statusToken(s.publicTokens, link.nonce) : undefined;
    }
    return token ? { ...body, statusUrl: `${s.config.publicUrl}${statusPath(token)}` } : body;
  }

  router.post('/api/tickets', rateLimit(s.limiters.ticketCreate, (ctx) => ctx.ip), createInput, async (ctx) => {
    const input = createInput.get(ctx).body;
    const key = readIdempotencyKey(ctx);
    const attachments = await prepareAttachments(s, input.attachments, null);
    const now = s.clock();
    const statusLink = newStatusLink(links, now);
    const outcome = await createQueue.submit({ input, now, attachments, statusLink }, key ? { key, scope: keyScopeOf(ctx, input) } : undefined);
    // A customer who prefers text got the link by SMS: it counts toward the ticket's link-send limit
    // (the shared limiter store, docs/status-links.md), so lookups and resends cannot add more than it allows.
    if (outcome.status === 201 && !outcome.replayed && input.contactMethod === 'text') {
      await s.limiters.statusLinkSend.consume((outcome.body as TicketCreated).ticketNumber).catch(() => undefined);
    }
    ctx.status = outcome.status;
    ctx.body = await withStatusUrl(outcome, statusLink);
    if (outcome.replayed) ctx.set('Idempotent-Replayed', 'true');
  });
}

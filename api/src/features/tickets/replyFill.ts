/**
 * A staff reply as the customer's e-mail carries it (docs/replies-and-macros.md): a canned reply's
 * `{{ticket.statusLink}}` stays in the text on staff devices (they never hold the link's token) and
 * is filled here, when the e-mail renders, with the ticket's live status link, else the support
 * page where the customer can ask for it again. Any other variable still in the text is filled
 * from the ticket too (shared replyVariables.ts); a text that is not a valid template is sent as typed.
 */
import { fillServerVariables } from '@portal/shared';
import { statusUrlOf } from './statusLinks';
import type { TicketSnapshot } from '@portal/shared';

/** The render context of a job (notify's `ctx`): the brand and the config the link is derived with. */
interface RenderCtx {
  brand: { publicUrl: string; supportPhone: string };
  config: Parameters<typeof statusUrlOf>[0];
}

/** A change of a staff update (notifications.ts TicketChange). */
interface Change {
  type: string;
  to: string | null;
  reply?: boolean;
}

/** `c` with a reply's variables filled (module doc); other changes as they are. */
export function fillReplyChange<C extends Change>(c: C, p: { ticket: TicketSnapshot; actorName: string; statusNonce?: string | undefined }, ctx: RenderCtx): C {
  if (c.type !== 'comment' || !c.reply || !c.to) return c;
  const statusLink = p.statusNonce ? statusUrlOf(ctx.config, ctx.brand.publicUrl, p.statusNonce) : undefined;
  const text = fillServerVariables(c.to, {
    ticket: p.ticket,
    technician: { name: p.actorName },
    supportPhone: ctx.brand.supportPhone,
    statusLink,
    fallbackLink: `${ctx.brand.publicUrl}/support`,
  });
  return { ...c, to: text };
}

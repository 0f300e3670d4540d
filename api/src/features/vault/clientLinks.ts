/**
 * Tickets <-> vault entries (docs/vault.md "Tickets and vault entries"; staff):
 * - GET /api/vault-match?business=&email=  -> VaultMatch: the vault entry whose business name equals
 *   `business` (ignoring case) or whose contact e-mail domain is `email`'s (free mail domains never
 *   match), the name match first; `{ entry: null }` when none. Names and ids only, never a secret.
 * - GET /api/vault/:id/open-tickets        -> ClientTicket[]: the open tickets of the entry's client
 *   (same rule, through the tickets port); 404 for an unknown entry.
 */
import type Router from '@koa/router';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MSG, clientNameKey, safeText, type ClientTicket, type VaultMatch } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { idParamsSchema, validate } from '../../http/validate';
import { customerVault } from '../../db/schema';
import type { Services } from '../../services';
import { clientDomainOf } from '../clients/port';
import { openTicketsOfClient } from '../tickets/port';

const matchQuerySchema = z.object({
  business: safeText().trim().max(200).optional().default(''),
  email: safeText().trim().max(254).optional().default(''),
});

/** Adds the two routes to the vault router. */
export function clientLinkRoutes(router: Router<AppState>, s: Services): void {
  const matchInput = validate({ query: matchQuerySchema });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: MSG.vaultEntryNotFound });

  router.get('/api/vault-match', requireStaff(), matchInput, async (ctx) => {
    const { business, email } = matchInput.get(ctx).query;
    const nameKey = clientNameKey(business);
    const domain = clientDomainOf(email);
    const v = customerVault;
    let entry: VaultMatch['entry'] = null;
    if (nameKey || domain) {
      const byName = nameKey ? sql`lower(trim(${v.businessName})) = ${nameKey}` : sql`false`;
      const byDomain = domain ? sql`lower(split_part(${v.contactEmail}, '@', 2)) = ${domain}` : sql`false`;
      const [row] = await s.db
        .select({ id: v.id, businessName: v.businessName })
        .from(v)
        .where(sql`(${byName}) or (${byDomain})`)
        // A constant may not stand in ORDER BY: the name-first key only when there is a name.
        .orderBy(...(nameKey ? [sql`(${byName}) desc`] : []), sql`lower(${v.businessName})`, v.id)
        .limit(1);
      entry = row ?? null;
    }
    ctx.body = { entry } satisfies VaultMatch;
  });

  router.get('/api/vault/:id/open-tickets', requireStaff(), idInput, async (ctx) => {
    const [row] = await s.db
      .select({ businessName: customerVault.businessName, contactEmail: customerVault.contactEmail })
      .from(customerVault)
      .where(eq(customerVault.id, idInput.get(ctx).params.id))
      .limit(1);
    if (!row) throw notFound(MSG.vaultEntryNotFound);
    ctx.body = (await openTicketsOfClient(s.db, { nameKey: clientNameKey(row.businessName), domain: clientDomainOf(row.contactEmail) })) satisfies ClientTicket[];
  });
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { clientNameKey, emailDomainOf, type Ticket, type VaultMatch } from '@portal/shared';
import { apiGet } from '../../lib/api';

/**
 * The client's Customer Vault entry from the Update Ticket panel (docs/vault.md "Tickets and vault
 * entries"): GET /api/vault-match with the ticket's business name and e-mail; when an entry matches,
 * 'Vault entry: <business>' opens it on /vault. Nothing while offline, loading or without a match.
 */
export function VaultEntryLink({ ticket }: { ticket: Pick<Ticket, 'businessName' | 'customerEmail'> }) {
  const business = clientNameKey(ticket.businessName) ?? '';
  const email = emailDomainOf(ticket.customerEmail) ? ticket.customerEmail : '';
  const q = useQuery<VaultMatch>({
    queryKey: ['/api/vault-match', business, email],
    queryFn: ({ signal }) => apiGet<VaultMatch>(`/api/vault-match?${new URLSearchParams({ business, email })}`, { signal }),
    enabled: business !== '' || email !== '',
    staleTime: 60_000,
  });
  const entry = q.data?.entry;
  if (!entry) return null;
  return (
    <p className="ticket-vault-link">
      <Link to={`/vault?entry=${encodeURIComponent(entry.id)}`}>Vault entry: {entry.businessName}</Link>
    </p>
  );
}

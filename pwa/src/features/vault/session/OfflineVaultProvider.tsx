import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { OfflineVaultSession } from './OfflineVaultSession';

const SessionContext = createContext<OfflineVaultSession | null>(null);

/**
 * Owns the offline-vault session of the vault screen: one `OfflineVaultSession` for as long as the
 * provider is mounted (leaving the screen locks it: the key goes with the session). `session` is for
 * tests, which pass their own (e.g. with a fake clock).
 */
export function OfflineVaultProvider({ children, session }: { children: ReactNode; session?: OfflineVaultSession }) {
  const [owned] = useState(() => session ?? new OfflineVaultSession());
  useEffect(() => () => owned.lock(), [owned]);
  return <SessionContext.Provider value={owned}>{children}</SessionContext.Provider>;
}

/** The session of the nearest OfflineVaultProvider. @throws outside a provider (a programming error). */
export function useOfflineVaultSession(): OfflineVaultSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useOfflineVaultSession needs an OfflineVaultProvider');
  return session;
}

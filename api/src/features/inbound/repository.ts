/** SQL of the inbound mail feature: the imported-message keys and the "could not import" list. */
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inboundFailures, inboundMessages } from '../../db/schema';

export type InboundFailureRow = typeof inboundFailures.$inferSelect;

/** Claims a Message-ID; false when it was already imported (then nothing else is written). */
export async function claimMessage(tx: Database, row: typeof inboundMessages.$inferInsert): Promise<boolean> {
  const got = await tx.insert(inboundMessages).values(row).onConflictDoNothing().returning({ id: inboundMessages.messageId });
  return got.length === 1;
}

/** Sets the outcome, ticket and threading rule of a claimed message. */
export async function settleMessage(tx: Database, messageId: string, outcome: string, ticketId: string | null, threadRule: string | null = null): Promise<void> {
  await tx.update(inboundMessages).set({ outcome, ticketId, threadRule }).where(eq(inboundMessages.messageId, messageId));
}

/** The content hash stored with an imported Message-ID: undefined when the id is new, null for rows from before hashes were kept. */
export async function storedHash(db: Database, messageId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ hash: inboundMessages.contentHash }).from(inboundMessages).where(eq(inboundMessages.messageId, messageId)).limit(1);
  return row ? row.hash : undefined;
}

/**
 * Serialises the imports of one sender until the caller's transaction ends (a transaction-level
 * advisory lock), so the per-sender count read after it sees every earlier message of that sender:
 * 40 concurrent messages cannot all pass the limit.
 */
export async function lockSender(tx: Database, sender: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`inbound-sender:${sender}`}))`);
}

/** The ticket an earlier imported message (one of `ids`) belongs to, or null. */
export async function ticketOfMessages(db: Database, ids: string[]): Promise<string | null> {
  for (const id of ids) {
    const [row] = await db.select({ ticketId: inboundMessages.ticketId }).from(inboundMessages).where(eq(inboundMessages.messageId, id)).limit(1);
    if (row?.ticketId) return row.ticketId;
  }
  return null;
}

/** Messages from `sender` that made a ticket or reply since `since`. */
export async function countFromSender(db: Database, sender: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.sender, sender), gte(inboundMessages.createdAt, since)));
  return row?.n ?? 0;
}

/** Keeps a message that could not be imported. */
export async function insertFailure(db: Database, row: typeof inboundFailures.$inferInsert): Promise<void> {
  await db.insert(inboundFailures).values(row);
}

/** The newest failures first (at most 200), without the raw bytes. */
export async function listFailures(db: Database) {
  return db
    .select({ id: inboundFailures.id, messageId: inboundFailures.messageId, sender: inboundFailures.sender, subject: inboundFailures.subject, reason: inboundFailures.reason, size: inboundFailures.size, retryable: sql<boolean>`${inboundFailures.rawBase64} is not null`, createdAt: inboundFailures.createdAt })
    .from(inboundFailures)
    .orderBy(desc(inboundFailures.createdAt))
    .limit(200);
}

export async function findFailure(db: Database, id: string): Promise<InboundFailureRow | undefined> {
  const [row] = await db.select().from(inboundFailures).where(eq(inboundFailures.id, id)).limit(1);
  return row;
}

export async function deleteFailure(db: Database, id: string): Promise<boolean> {
  const got = await db.delete(inboundFailures).where(eq(inboundFailures.id, id)).returning({ id: inboundFailures.id });
  return got.length === 1;
}

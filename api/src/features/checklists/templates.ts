/**
 * Checklist templates (issue 52 item 2): named lists of items reused by recurring tickets (and ticket
 * templates and macros later). Admins write; staff read. A name is unique case-insensitively
 * (`checklist_templates_name_key`): a duplicate is a 409, also when two admins save at once.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { CHECKLIST_MSG, type ChecklistTemplate, type ChecklistTemplateBody, type ChecklistTemplatePatch, type TemplateItem } from '@portal/shared';
import type { Database } from '../../db/client';
import { checklistTemplates } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';

type TemplateRow = typeof checklistTemplates.$inferSelect;

const present = (r: TemplateRow): ChecklistTemplate => ({
  id: r.id,
  name: r.name,
  items: r.items,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const nameTaken = () => new ApiError(409, 'conflict', CHECKLIST_MSG.templateNameTaken, { name: [CHECKLIST_MSG.templateNameTaken] });

/** true when `err` (or its cause) is PostgreSQL's unique_violation. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) if (e.code === '23505') return true;
  return false;
}

async function nameUsed(db: Database, name: string, except?: string): Promise<boolean> {
  const rows = await db.select({ id: checklistTemplates.id }).from(checklistTemplates).where(sql`lower(${checklistTemplates.name}) = lower(${name})`);
  return rows.some((r) => r.id !== except);
}

/** Every template, by name. */
export async function listTemplates(db: Database): Promise<ChecklistTemplate[]> {
  return (await db.select().from(checklistTemplates).orderBy(asc(sql`lower(${checklistTemplates.name})`))).map(present);
}

/** One template. @throws 404 CHECKLIST_MSG.templateNotFound. */
export async function getTemplate(db: Database, id: string): Promise<ChecklistTemplate> {
  const [row] = await db.select().from(checklistTemplates).where(eq(checklistTemplates.id, id));
  if (!row) throw notFound(CHECKLIST_MSG.templateNotFound);
  return present(row);
}

/** The items of template `id`, or null when there is none. */
export async function templateItemsOf(db: Database, id: string): Promise<TemplateItem[] | null> {
  const [row] = await db.select({ items: checklistTemplates.items }).from(checklistTemplates).where(eq(checklistTemplates.id, id));
  return row ? row.items : null;
}

/** Creates a template. @throws 409 CHECKLIST_MSG.templateNameTaken. */
export async function createTemplate(tx: Database, body: ChecklistTemplateBody, now: Date): Promise<ChecklistTemplate> {
  if (await nameUsed(tx, body.name)) throw nameTaken();
  try {
    const [row] = await tx.insert(checklistTemplates).values({ name: body.name, items: body.items, createdAt: now, updatedAt: now }).returning();
    return present(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** Replaces a template's name and items. @throws 404; 409 CHECKLIST_MSG.templateNameTaken. */
export async function updateTemplate(tx: Database, id: string, body: ChecklistTemplateBody, now: Date): Promise<ChecklistTemplate> {
  await getTemplate(tx, id);
  if (await nameUsed(tx, body.name, id)) throw nameTaken();
  const [row] = await tx.update(checklistTemplates).set({ name: body.name, items: body.items, updatedAt: now }).where(eq(checklistTemplates.id, id)).returning();
  return present(row!);
}

/** Changes a template's name and/or items (the rest stays). @throws 404; 409 CHECKLIST_MSG.templateNameTaken. */
export async function patchTemplate(tx: Database, id: string, patch: ChecklistTemplatePatch, now: Date): Promise<ChecklistTemplate> {
  const current = await getTemplate(tx, id);
  return updateTemplate(tx, id, { name: patch.name ?? current.name, items: patch.items ?? current.items }, now);
}

/** Deletes a template (schedules using it keep running without a checklist). @throws 404. */
export async function deleteTemplate(tx: Database, id: string): Promise<void> {
  const rows = await tx.delete(checklistTemplates).where(eq(checklistTemplates.id, id)).returning({ id: checklistTemplates.id });
  if (rows.length === 0) throw notFound(CHECKLIST_MSG.templateNotFound);
}

/**
 * The Checklist Templates screen's rules (issue 52 item 2), no React: a template's list line and the
 * body a form saves, checked with the API's own `checklistTemplateSchema` so the screen refuses what
 * the server would, with the same words (an empty name, no items).
 */
import { checklistTemplateSchema, type ChecklistTemplate, type ChecklistTemplateBody, type TemplateItem } from '@portal/shared';
import { checklistToSave } from '../../../lib/ui/ChecklistEditor';

/** What a template holds, e.g. "3 items, 1 required: Verify last backup, Test a restore, ..." (at most 3 texts). */
export function templateSummary(t: Pick<ChecklistTemplate, 'items'>): string {
  const required = t.items.filter((i) => i.required).length;
  const count = `${t.items.length} ${t.items.length === 1 ? 'item' : 'items'}${required ? `, ${required} required` : ''}`;
  const texts = t.items.slice(0, 3).map((i) => i.text);
  return `${count}: ${texts.join(', ')}${t.items.length > 3 ? ', ...' : ''}`;
}

/**
 * The body to send for `name` and the editor's `items` (empty rows dropped, texts trimmed), or the
 * first message under each field (`name`, `items`) when the API would refuse it.
 */
export function templateToSave(name: string, items: readonly TemplateItem[]): { body: ChecklistTemplateBody } | { errors: Record<string, string> } {
  const parsed = checklistTemplateSchema.safeParse({ name, items: checklistToSave(items) });
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'name');
    errors[key] ??= issue.message;
  }
  return { errors };
}

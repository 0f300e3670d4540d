import type { CannedReply, Macro, TicketTemplate } from '@portal/shared';
import { SEVERITY_NAMES } from '@portal/shared';
import type { ItemRow } from './ItemList';
import { macroSummary } from './macroModel';

/** List rows of each kind: a reply's title and text, a macro's name and what it does, a template's name, severity and issue. */
export const replyRow = (r: CannedReply): ItemRow => ({ id: r.id, title: r.title, detail: r.body });
export const macroRow = (m: Macro): ItemRow => ({ id: m.id, title: m.name, detail: macroSummary(m) });
export const templateRow = (t: TicketTemplate): ItemRow => ({
  id: t.id,
  title: t.name,
  detail: [SEVERITY_NAMES[t.severity], t.checklist?.length ? `Checklist: ${t.checklist.length} ${t.checklist.length === 1 ? 'item' : 'items'}` : '', t.issue].filter(Boolean).join(' · '),
});

/** The macro lists' "What it holds" line says statuses and severities as the pickers do. */
import { describe, expect, it } from 'vitest';
import type { Macro } from '@portal/shared';
import { macroSummary } from './macroModel';

const macro = (actions: Macro['actions']): Macro => ({ id: 'm', name: 'M', scope: 'shared', ownerId: null, createdAt: '', updatedAt: '', actions });

describe('macroSummary', () => {
  it('names the status and severity with their labels, then the time and checklist', () => {
    expect(macroSummary(macro({ comment: { text: 'Hi', reply: true }, status: 'in_progress', severity: 'high', timeEntry: { minutes: 30, billable: true }, checklist: [{ text: 'a', required: false }] }))).toBe(
      'Reply to customer · Status: In Progress · Severity: High · 30 billable min · Checklist: 1 item',
    );
    expect(macroSummary(macro({ status: 'resolved', resolution: 'Fixed' }))).toBe('Status: Resolved · Resolution');
  });
});

import { describe, expect, it } from 'vitest';
import { CHECKLIST_MSG } from '@portal/shared';
import { templateSummary, templateToSave } from './templateModel';

describe('Checklist Templates screen rules', () => {
  it('saves trimmed items with their Required box and drops empty rows', () => {
    expect(templateToSave('  Backup check ', [{ text: ' Verify last backup ', required: true }, { text: '   ', required: false }, { text: 'Test a restore', required: false }])).toEqual({
      body: { name: 'Backup check', items: [{ text: 'Verify last backup', required: true }, { text: 'Test a restore', required: false }] },
    });
  });

  it("refuses an empty name and a list without items with the API's words", () => {
    expect(templateToSave(' ', [{ text: '', required: false }])).toEqual({ errors: { name: CHECKLIST_MSG.templateNameRequired, items: CHECKLIST_MSG.templateItemsRequired } });
  });

  it('says how many items, how many required, and the first three texts', () => {
    const items = ['A', 'B', 'C', 'D'].map((text, i) => ({ text, required: i === 0 }));
    expect(templateSummary({ items })).toBe('4 items, 1 required: A, B, C, ...');
    expect(templateSummary({ items: [{ text: 'Only', required: false }] })).toBe('1 item: Only');
  });
});

/** The drafts store: per key and owner, too old ones dropped, sign-out clears staff drafts only. */
import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, clearDraft, clearStaffDrafts, loadDraft, saveDraft } from './store';
import { PUBLIC_OWNER } from './owner';

describe('drafts store', () => {
  it('keeps a draft per key for its owner only, forgets old ones, and sign-out keeps only the public form', async () => {
    await saveDraft('ticket:1', 'u1', { comment: 'half' });
    expect(await loadDraft('ticket:1', 'u1')).toEqual({ comment: 'half' });
    expect(await loadDraft('ticket:1', 'u2')).toBeNull(); // another user: not restored
    expect(await loadDraft('ticket:1', 'u1')).toEqual({ comment: 'half' });

    const then = Date.now() - DRAFT_MAX_AGE_MS - 1000;
    await saveDraft('vault:new', 'u1', { businessName: 'Old Co' }, then);
    expect(await loadDraft('vault:new', 'u1')).toBeNull();

    await saveDraft('ticket:2', 'u1', { comment: 'x' });
    await saveDraft('support:request', PUBLIC_OWNER, { issue: 'Printer' });
    await clearStaffDrafts();
    expect(await loadDraft('ticket:2', 'u1')).toBeNull();
    expect(await loadDraft('support:request', PUBLIC_OWNER)).toEqual({ issue: 'Printer' });
    await clearDraft('support:request', PUBLIC_OWNER);
    expect(await loadDraft('support:request', PUBLIC_OWNER)).toBeNull();
  });
});

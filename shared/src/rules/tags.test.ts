import { describe, expect, it } from 'vitest';
import { mergeConflicts } from './merge';
import { mergeTagSet, tagChanges } from './tags';
import type { TicketPatch } from '../schemas/tickets';

describe('tags merge as a set (issue 57 point 3)', () => {
  it('a tag added offline merges with a tag added online meanwhile', () => {
    const seenOnPhone = ['Printer'];
    // Online, someone adds "VPN" (version 3 -> 4); offline the phone added "urgent-hw" against version 3.
    const server = mergeTagSet(seenOnPhone, ['VPN']);
    const change = tagChanges(seenOnPhone, [...seenOnPhone, 'urgent-hw'])!;
    expect(change).toEqual({ tagsAdd: ['urgent-hw'] });
    // The merge rule sees no conflicting field: tags are not a merge field.
    const patch: TicketPatch = { ...change, baseVersion: 3 };
    const current = { status: 'open', severity: 'low', assignedTo: null, resolution: null, waitingOnCustomer: false, clientId: null, siteId: null, contactId: null, version: 4 } as const;
    expect(mergeConflicts(current, patch, new Set(['tag_add']))).toEqual([]);
    expect(mergeTagSet(server, change.tagsAdd, change.tagsRemove)).toEqual(['Printer', 'urgent-hw', 'VPN']);
  });

  it('a removal offline removes only that tag; one added online stays', () => {
    const server = mergeTagSet(['Printer', 'VPN'], ['Network']);
    const change = tagChanges(['Printer', 'VPN'], ['VPN'])!;
    expect(change).toEqual({ tagsRemove: ['Printer'] });
    expect(mergeTagSet(server, change.tagsAdd, change.tagsRemove)).toEqual(['Network', 'VPN']);
  });

  it('names compare without case; the stored spelling stays; replays change nothing', () => {
    expect(mergeTagSet(['VPN'], ['vpn', ' Wi  Fi '])).toEqual(['VPN', 'Wi Fi']);
    expect(mergeTagSet(['VPN'], [], ['vpn'])).toEqual([]);
    const once = mergeTagSet(['a'], ['b']);
    expect(mergeTagSet(once, ['b'])).toEqual(once);
    expect(tagChanges(['VPN'], ['vpn'])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { CannedReply } from '@portal/shared';
import { insertText, matchReplies, shortcutAt } from './shortcut';

const reply = (title: string, body = 'Hi'): CannedReply => ({ id: title, title, body, scope: 'shared', ownerId: null, createdAt: '', updatedAt: '' });

describe('shortcutAt', () => {
  it('finds :: at the start, after a space or a line break', () => {
    expect(shortcutAt('::on', 4)).toEqual({ start: 0, query: 'on' });
    expect(shortcutAt('Hello ::wa', 10)).toEqual({ start: 6, query: 'wa' });
    expect(shortcutAt('Hello\n::', 8)).toEqual({ start: 6, query: '' });
  });
  it('ignores :: inside a word, after a space in the query, or before the caret moved away', () => {
    expect(shortcutAt('http::x', 7)).toBeNull();
    expect(shortcutAt('::on my', 7)).toBeNull();
    expect(shortcutAt('::on and more', 13)).toBeNull();
    expect(shortcutAt('::on and more', 4)).toEqual({ start: 0, query: 'on' });
  });
});

describe('matchReplies', () => {
  const list = [reply('Waiting for parts'), reply('On my way'), reply('Password reset', 'We reset it on site')];
  it('ranks title prefix, then a word of the title, then anywhere', () => {
    expect(matchReplies(list, 'on').map((r) => r.title)).toEqual(['On my way', 'Password reset']);
    expect(matchReplies(list, 'PART').map((r) => r.title)).toEqual(['Waiting for parts']);
    expect(matchReplies(list, '').length).toBe(3);
    expect(matchReplies(list, 'zzz')).toEqual([]);
  });
});

describe('insertText', () => {
  it('replaces the typed shortcut and puts the caret after the reply', () => {
    expect(insertText('Hi ::on!', 3, 7, 'On my way')).toEqual({ text: 'Hi On my way!', caret: 12 });
    expect(insertText('ab', 1, 1, 'X')).toEqual({ text: 'aXb', caret: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import { assetTagsOf, documentMatches, documentWords, exactAssetTag, fieldsMatch, parseTerms, routeSearch, substringFallback, tsqueryText, wordsFallback } from './route';
import { reversedDomain, searchWords } from './words';

describe('searchWords', () => {
  it('lower-cases and splits on punctuation, typographic quotes and dashes, keeping letters of any script', () => {
    expect(searchWords('HP-4050 won’t print — Müller’s café, jo.smith+x@Acme.com')).toEqual(['hp', '4050', 'won', 't', 'print', 'müller', 's', 'café', 'jo', 'smith', 'x', 'acme', 'com']);
  });
  it('drops words longer than 100 code points', () => {
    expect(searchWords(`a ${'x'.repeat(101)} b`)).toEqual(['a', 'b']);
  });
});

describe('routeSearch', () => {
  it('routes ticket numbers, with a phone tail only for 4 or more bare digits', () => {
    expect(routeSearch('TKT-000123')).toEqual({ kind: 'number', ticketNumber: 'TKT-000123', phoneTail: null });
    expect(routeSearch(' tkt-123 ')).toEqual({ kind: 'number', ticketNumber: 'TKT-000123', phoneTail: null });
    expect(routeSearch('123')).toEqual({ kind: 'number', ticketNumber: 'TKT-000123', phoneTail: null });
    expect(routeSearch('0142')).toEqual({ kind: 'number', ticketNumber: 'TKT-000142', phoneTail: '0142' });
  });
  it('routes phone tails of 4 or more digits once + ( ) - . and spaces are removed', () => {
    expect(routeSearch('(555) 010-0142')).toEqual({ kind: 'phone', phoneTail: '5550100142' });
    expect(routeSearch('+1 555')).toEqual({ kind: 'phone', phoneTail: '1555' });
    expect(routeSearch('01-4').kind).toBe('words');
  });
  it('routes e-mail addresses, address prefixes and domains', () => {
    expect(routeSearch('Jo@Acme.com')).toEqual({ kind: 'email', prefix: 'jo@acme.com', domain: null });
    expect(routeSearch('jo@')).toEqual({ kind: 'email', prefix: 'jo@', domain: null });
    expect(routeSearch('@acme.com')).toEqual({ kind: 'email', prefix: null, domain: 'acme.com' });
    expect(routeSearch('acme.com')).toEqual({ kind: 'email', prefix: 'acme.com', domain: 'acme.com' });
    expect(routeSearch('acme.com printer').kind).toBe('words');
  });
  it('routes everything else to words with websearch syntax and the last plain word as a prefix', () => {
    expect(parseTerms('printer "paper jam" -toner -"out of" HP-40')).toEqual([
      { words: ['printer'], prefix: false, negated: false },
      { words: ['paper', 'jam'], prefix: false, negated: false },
      { words: ['toner'], prefix: false, negated: true },
      { words: ['out', 'of'], prefix: false, negated: true },
      { words: ['hp', '40'], prefix: true, negated: false },
    ]);
    expect(routeSearch('-toner')).toEqual({ kind: 'none' });
    expect(routeSearch('"paper jam"')).toEqual({ kind: 'words', terms: [{ words: ['paper', 'jam'], prefix: false, negated: false }] });
  });
  it('writes tsquery text with quoted lexemes', () => {
    expect(tsqueryText(parseTerms('printer -toner "paper jam" hp-40'))).toBe("'printer' & !'toner' & ('paper' <-> 'jam') & ('hp' <-> '40':*)");
  });
  it('offers the words as a fallback only to a domain-shaped query without @', () => {
    const fallback = (q: string) => wordsFallback(q, routeSearch(q));
    expect(fallback('setup.exe')).toEqual({ kind: 'words', terms: [{ words: ['setup', 'exe'], prefix: true, negated: false }] });
    expect(fallback('Node.js')).toEqual({ kind: 'words', terms: [{ words: ['node', 'js'], prefix: true, negated: false }] });
    expect(fallback('@acme.com')).toBeNull();
    expect(fallback('jo@acme.com')).toBeNull();
    expect(fallback('jo@')).toBeNull();
    expect(fallback('0142')).toBeNull();
    expect(fallback('(555) 010-0142')).toBeNull();
    expect(fallback('printer')).toBeNull();
  });
  it('routes the automatic asset tag shape to the asset route, exactly, with its words as an exact phrase after', () => {
    expect(routeSearch(' A-0042 ')).toEqual({ kind: 'asset', assetTag: 'a-0042' });
    expect(routeSearch('a-12345')).toEqual({ kind: 'asset', assetTag: 'a-12345' });
    expect(routeSearch('A-004').kind).toBe('words');
    expect(routeSearch('A-0042 printer').kind).toBe('words');
    expect(wordsFallback('A-0042', routeSearch('A-0042'))).toEqual({ kind: 'words', terms: [{ words: ['a', '0042'], prefix: false, negated: false }] });
  });
  it('adds the tickets of an asset of exactly the typed tag to every other route of a tag-shaped query', () => {
    const tag = (q: string) => exactAssetTag(q, routeSearch(q));
    expect(tag('SRV-01')).toBe('srv-01');
    expect(tag('7301')).toBe('7301');
    expect(tag('prn.7')).toBe('prn.7');
    expect(tag('A-0042')).toBeNull(); // the asset route already
    expect(tag('printer jam')).toBeNull();
    expect(tag('-toner')).toBeNull();
    expect(tag('"srv-01"')).toBeNull();
  });
  it('offers the substring fallback from 3 characters, never for a query with nothing to find', () => {
    expect(substringFallback(' Ac ', routeSearch('Ac'))).toBeNull();
    expect(substringFallback(' Acm ', routeSearch('Acm'))).toBe('acm');
    expect(substringFallback('-toner', routeSearch('-toner'))).toBeNull();
  });
});

describe('matching a ticket as the database does', () => {
  const ticket = { ticketNumber: 'TKT-000142', clientName: 'Jo Smith', businessName: 'Acme Ltd', customerEmail: 'Jo.Smith@mail.acme.com', customerPhone: '(555) 010-9999', issue: 'The HP-4050 printer jams', resolution: null };
  const words = documentWords(ticket, ['Replaced the paper tray']);
  it('finds words, phrases and prefixes and honours exclusions', () => {
    const matches = (q: string) => {
      const r = routeSearch(q);
      return r.kind === 'words' && documentMatches(words, r.terms);
    };
    expect(matches('printer jam')).toBe(true);
    expect(matches('"paper tray"')).toBe(true);
    expect(matches('"tray paper"')).toBe(false);
    expect(matches('printer -paper')).toBe(false);
    expect(matches('hp-40')).toBe(true);
    expect(matches('smith acm')).toBe(true);
  });
  it("puts the links' words in the stored order: client's name, contact and site after business, tags and assets before comments", () => {
    const contact = { name: 'Ann Lee', email: 'ann@nw.io' };
    expect(documentWords({ ...ticket, issue: 'Jam', resolution: null }, [], { client: 'NW', contact, site: 'Depot 2', tags: [], assets: [] })).toEqual([
      'jo', 'smith', 'acme', 'ltd', 'nw', 'ann', 'lee', 'ann', 'nw', 'io', 'depot', '2', 'jo', 'smith', 'mail', 'acme', 'com', 'jam',
    ]);
    const links = { client: 'Northwind Traders', tags: ['VIP', 'Onsite'], assets: [{ name: 'Copier', assetTag: 'B-2' }, { name: 'Switch', assetTag: 'A-9' }] };
    expect(documentWords({ ...ticket, issue: 'Jam', resolution: 'Done' }, ['Note'], links)).toEqual([
      'jo', 'smith', 'acme', 'ltd', 'northwind', 'traders', 'jo', 'smith', 'mail', 'acme', 'com', 'jam', 'done', 'onsite', 'vip', 'switch', 'a', '9', 'copier', 'b', '2', 'note',
    ]);
    expect(assetTagsOf(links)).toEqual(['b-2', 'a-9']);
  });
  it('matches numbers, phone tails and domains on their own fields only', () => {
    expect(fieldsMatch(ticket, routeSearch('142'))).toBe(true);
    expect(fieldsMatch(ticket, routeSearch('9999'))).toBe(true);
    expect(fieldsMatch(ticket, routeSearch('0142'))).toBe(true);
    expect(fieldsMatch(ticket, routeSearch('4050'))).toBe(false);
    expect(fieldsMatch(ticket, routeSearch('acme.com'))).toBe(true);
    expect(fieldsMatch(ticket, routeSearch('jo.smith@'))).toBe(true);
    expect(fieldsMatch(ticket, routeSearch('@acme.co'))).toBe(false);
    expect(reversedDomain('mail.acme.com')).toBe('com.acme.mail');
  });
});

/**
 * One set of tickets and queries for the search tests of both sides: the API (on PGlite and
 * PostgreSQL, api/src/features/tickets/search.test.ts) and the phone's copy (fake-indexeddb,
 * pwa/src/features/tickets/offline/searchIndex.test.ts) assert the same answers, so the same query
 * finds the same tickets online and offline. Tickets are created in this order (numbers
 * TKT-000001..), a second apart; answers are client names, newest first (the exact number first).
 * Links (a client of the clients table, tags, assets) are given after creation, as staff do.
 */
export interface SearchCaseTicket {
  clientName: string;
  businessName: string;
  customerEmail: string;
  customerPhone: string;
  issue: string;
  /** Comments added to its work history after creation, in order. */
  comments: string[];
  /** The name of its client in the clients table (created once, shared by the tickets naming it). */
  client?: string;
  tags?: string[];
  /** Linked assets of its client (created with these tags). */
  assets?: { name: string; assetTag: string }[];
  /** Its contact, one of its client's contacts (created with the client). */
  contact?: { name: string; email: string };
  /** The name of its site, one of its client's sites (created with the client). */
  site?: string;
}

export const SEARCH_CASE_TICKETS: SearchCaseTicket[] = [
  { clientName: 'Ann Archer', businessName: 'Acme Ltd', customerEmail: 'ann.archer@acme.com', customerPhone: '+1 (555) 010-0142', issue: 'Printer HP-4050 jams on tray 2', comments: [] },
  { clientName: 'Bob Brown', businessName: '', customerEmail: 'bob@mail.acme.com', customerPhone: '555 222 3333', issue: 'VPN drops every hour', comments: [] },
  { clientName: 'Cara Cole', businessName: 'Globex', customerEmail: 'cara@globex.net', customerPhone: '+44 20 7946 0142', issue: 'Cannot reach acme.com from the office, paper jam too', comments: [] },
  { clientName: 'Dan Dorsey', businessName: 'Initech', customerEmail: 'dan@initech.io', customerPhone: '555-010-9999', issue: 'Laptop screen flickers after setup.exe ran', comments: ['Replaced the paper tray and toner'] },
  { clientName: 'Eve Émile', businessName: 'Café Müller', customerEmail: 'eve@cafe-muller.de', customerPhone: '0049 30 1234', issue: 'Kassensystem startet nicht — “Fehler 42”', comments: ['Rückruf morgen'] },
  // The free-text business differs from the client's name; tags; the automatic asset tag A-0042.
  { clientName: 'Fay Ford', businessName: 'Fordham', customerEmail: 'fay@fordham.org', customerPhone: '555 303 4444', issue: 'Toner light blinks', comments: [], client: 'Northwind Traders', tags: ['VIP', 'onsite'], assets: [{ name: 'Reception copier', assetTag: 'A-0042' }] },
  // A longer automatic tag and a tag made of digits, on another ticket of the same client.
  { clientName: 'Gus Grant', businessName: '', customerEmail: 'gus@gmail.com', customerPhone: '555 404 5555', issue: 'Scanner is slow', comments: [], client: 'Northwind Traders', assets: [{ name: 'Back office scanner', assetTag: 'A-00421' }, { name: 'Wall switch', assetTag: '7301' }] },
  // A contact (name, e-mail) and a site of the client, neither written in the ticket's own fields.
  { clientName: 'Hal Hart', businessName: '', customerEmail: 'hal@hartworks.biz', customerPhone: '555 606 7777', issue: 'Badge reader offline since the wind storm', comments: [], client: 'Umbrella Corp', contact: { name: 'Priya Ravindran', email: 'priya.r@brollyworks.io' }, site: 'Riverside Depot' },
];

/** Query -> client names found, newest first (the exact ticket number first). */
export const SEARCH_CASES: [query: string, expected: string[]][] = [
  // 1. ticket numbers: exact; bare digits under 4 are a number only
  ['TKT-000002', ['Bob Brown']],
  ['tkt-3', ['Cara Cole']],
  ['3', ['Cara Cole']],
  // 1+3. four or more bare digits: the exact number (none here), then phones ending so
  ['0142', ['Cara Cole', 'Ann Archer']],
  // 3. a phone tail never matches ticket numbers (TKT-000001 holds 00001), nor other digits
  ['0-0001', []],
  ['(555) 010-0142', ['Ann Archer']],
  ['4050', []],
  // 2. e-mail and domain: addresses only, never issue text (Cara's issue names acme.com)
  ['acme.com', ['Bob Brown', 'Ann Archer']],
  ['@globex.net', ['Cara Cole']],
  ['ann.archer@', ['Ann Archer']],
  ['ANN.ARCHER@ACME.COM', ['Ann Archer']],
  // 2 then 4. a domain-shaped query with no address at that domain: its words, as a phrase
  ['setup.exe', ['Dan Dorsey']],
  ['SETUP.ex', ['Dan Dorsey']],
  ['exe.setup', []],
  // 4. words: all of them, the last as a prefix, phrases, exclusions, comments
  ['paper', ['Dan Dorsey', 'Cara Cole']],
  ['"paper jam"', ['Cara Cole']],
  ['"jam paper"', []],
  ['paper -toner', ['Cara Cole']],
  ['paper -"paper tray"', ['Cara Cole']],
  ['prin', ['Ann Archer']],
  ['hp-40', ['Ann Archer']],
  ['acme', ['Cara Cole', 'Bob Brown', 'Ann Archer']],
  ['tray arch', ['Ann Archer']],
  ['müller', ['Eve Émile']],
  ['fehler 42', ['Eve Émile']],
  ['rückruf', ['Eve Émile']],
  ['-toner', []],
  // links: the client's name (clients table), whatever the free-text business says
  ['northwind', ['Gus Grant', 'Fay Ford']],
  ['"northwind traders" toner', ['Fay Ford']],
  ['fordham', ['Fay Ford']],
  // links: tags are words of the ticket, and only of the tagged one
  ['vip', ['Fay Ford']],
  ['onsite toner', ['Fay Ford']],
  ['vip -toner', []],
  ['onsite scanner', []],
  // links: an asset's name is a word; its tag finds exactly the tickets linked to it
  ['copier', ['Fay Ford']],
  ['A-0042', ['Fay Ford']],
  ['a-0042', ['Fay Ford']],
  ['A-00421', ['Gus Grant']],
  ['7301', ['Gus Grant']],
  // an asset tag never matches a ticket number (TKT-000006 exists, asset A-0006 does not), nor a longer tag
  ['A-0006', []],
  ['A-004', ['Gus Grant', 'Fay Ford']],
  // links: the contact's name and the parts of its e-mail address, the site's name; only their ticket's
  ['ravindran', ['Hal Hart']],
  ['priya badge', ['Hal Hart']],
  ['brollyworks', ['Hal Hart']],
  ['"riverside depot"', ['Hal Hart']],
  ['depot -badge', []],
  // 5. substring only when the route found nothing, over names and e-mail addresses only
  ['rcher', ['Ann Archer']],
  ['lobe', ['Cara Cole']],
  ['icker', []],
  // 5. the substring fallback also reads the client's name (clients table): a misspelt or partial name
  ['rthwind', ['Gus Grant', 'Fay Ford']],
  ['thwind trad', ['Gus Grant', 'Fay Ford']],
  // a word that matches never falls back: `mail` is a word of Bob's address only (not Gus's gmail.com)
  ['mail', ['Bob Brown']],
  // ... and the linked contact's name and e-mail address (a misspelt or partial one)
  ['avindran', ['Hal Hart']],
  ['riya.r@brolly', ['Hal Hart']],
  // ... and the linked site's name (a misspelt or partial one: no word starts so)
  ['iverside dep', ['Hal Hart']],
  ['RSIDE DEPO', ['Hal Hart']],
  // `wind` is a word of Hal's issue: Northwind's tickets (a substring of their client's name) are not found
  ['wind', ['Hal Hart']],
];

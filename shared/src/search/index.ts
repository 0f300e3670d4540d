/** Staff ticket search shared by the API and the phone's copy (route.ts, words.ts; docs/search.md). */
export * from './route';
export * from './words';

/**
 * The collection pages (the collection, the Following list, the dashboard list) behind one dynamic
 * import: each lazy import costs the shell a list of chunks to preload, and these pages share theirs.
 */
export * as collection from './collection';
export * as dashboardCollections from './dashboard/collections';

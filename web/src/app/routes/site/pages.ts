// The site's own pages share one chunk: one entry in the shell's import map instead of six.
export * as app from './app';
export * as legal from './legal';
export * as changelog from './changelog';
export * as changelogEntry from './changelog-entry';
export * as flags from './flags';
export * as frog from './frog';

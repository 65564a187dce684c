// Every project settings page in one chunk: the router then holds one lazy import for the six
// pages instead of seven, which keeps the shell (and the search route's budget) small.
export * as layout from './layout';
export * as general from './general';
export * as tags from './tags';
export * as description from './description';
export * as license from './license';
export * as links from './links';
export * as members from './members';

/**
 * Kinds of game version. Pre-releases and release candidates are `snapshot`s; `beta` and
 * `alpha` are the game's early-history lines (their upstream names are `old_beta`/`old_alpha`).
 */
export const GAME_VERSION_TYPES = ['release', 'snapshot', 'beta', 'alpha'] as const;

export type GameVersionType = (typeof GAME_VERSION_TYPES)[number];

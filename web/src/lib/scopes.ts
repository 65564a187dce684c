import { RESTRICTED_SCOPES, SCOPE_GROUPS, SCOPE_LABELS, scopeBits, scopeNames, type ScopeName } from '@cairn/shared/constants/scopes';

export interface ScopeGroupView {
  label: string;
  scopes: ReadonlyArray<{ name: ScopeName; label: string }>;
}

/** The scopes in `bits`, by the plain-language groups of spec §6 (empty groups left out). */
export function groupScopes(bits: number): ScopeGroupView[] {
  const present = new Set(scopeNames(bits));
  return SCOPE_GROUPS.map((group) => ({
    label: group.label,
    scopes: group.scopes.filter((name) => present.has(name)).map((name) => ({ name, label: SCOPE_LABELS[name] })),
  })).filter((group) => group.scopes.length > 0);
}

/** Every scope a token or app may hold (no session-only ones), by group. */
export const GRANTABLE_SCOPE_GROUPS: ScopeGroupView[] = groupScopes(scopeBits(...SCOPE_GROUPS.flatMap((group) => group.scopes.filter((name) => !RESTRICTED_SCOPES.includes(name)))));

/** `bits` with `name` set or cleared. */
export function withScope(bits: number, name: ScopeName, on: boolean): number {
  const names = new Set(scopeNames(bits));
  if (on) names.add(name);
  else names.delete(name);
  return scopeBits(...names);
}

import { describe, expect, it } from 'vitest';
import { createClickCounter, parseFeatureFlagOverrides, resolveFeatureFlags } from './feature-flags';

describe('feature flags', () => {
  it('keeps only known boolean overrides', () => {
    expect(parseFeatureFlagOverrides('{"developerMode":true,"other":true}')).toEqual({ developerMode: true });
    expect(parseFeatureFlagOverrides('{"developerMode":"yes"}')).toEqual({});
    expect(parseFeatureFlagOverrides('nope')).toEqual({});
    expect(resolveFeatureFlags({})).toEqual({ developerMode: false, advancedDebugInfo: false, hidePlusPromoInUserMenu: false });
  });

  it('fires on every fifth click in a row, and a pause starts the count again', () => {
    let now = 0;
    const click = createClickCounter(5, 3_000, () => now);
    const clicks = (n: number, gap: number) => Array.from({ length: n }, () => ((now += gap), click()));
    expect(clicks(5, 200)).toEqual([false, false, false, false, true]);
    expect(clicks(3, 200)).toEqual([false, false, false]);
    now += 5_000;
    expect(clicks(4, 200)).toEqual([false, false, false, false]);
    expect(clicks(1, 200)).toEqual([true]);
  });
});

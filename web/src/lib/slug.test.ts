import { describe, expect, it } from 'vitest';
import { slugFromName, SLUG_MAX_LENGTH } from './slug';

describe('slugFromName', () => {
  it.each([
    ['Trail Lanterns', 'trail-lanterns'],
    ['  Trail   Lanterns  ', 'trail-lanterns'],
    ['Café Crème!', 'cafe-creme'],
    ['Sodium + Extras (Fabric)', 'sodium-extras-fabric'],
    ['v1.2_beta', 'v1.2_beta'],
    ['--Edge--case--', 'edge-case'],
    ['日本語', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it('stops at the longest slug the API accepts, without a trailing dash', () => {
    const slug = slugFromName(`${'a'.repeat(SLUG_MAX_LENGTH - 1)} b`);
    expect(slug).toBe('a'.repeat(SLUG_MAX_LENGTH - 1));
  });
});

import { describe, expect, it } from 'vitest';
import { computePosition } from './position';

const viewport = { width: 1000, height: 800 };
const size = { width: 100, height: 30 };

describe('computePosition', () => {
  it('centres a top tooltip above its anchor', () => {
    const anchor = { top: 200, left: 450, width: 100, height: 40 };
    expect(computePosition(anchor, size, 'top', 6, viewport)).toEqual({ top: 164, left: 450, placement: 'top' });
  });

  it('flips to the other side when there is no room and keeps inside the viewport', () => {
    const nearTop = { top: 10, left: 960, width: 30, height: 30 };
    expect(computePosition(nearTop, size, 'top', 6, viewport)).toEqual({ top: 46, left: 892, placement: 'bottom' });
    const nearBottom = { top: 770, left: 0, width: 30, height: 20 };
    expect(computePosition(nearBottom, size, 'bottom-start', 8, viewport)).toEqual({ top: 732, left: 8, placement: 'top-start' });
  });

  it('aligns bottom-end to the anchor’s right edge', () => {
    const anchor = { top: 100, left: 500, width: 40, height: 40 };
    expect(computePosition(anchor, size, 'bottom-end', 8, viewport)).toEqual({ top: 148, left: 440, placement: 'bottom-end' });
  });
});

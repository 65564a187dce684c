import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './sanitize-svg';

describe('sanitizeSvg', () => {
  it('keeps a plain icon and hides it from assistive technology', () => {
    const result = sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1h2"/></svg>');
    expect(result).toContain('<path d="M1 1h2"');
    expect(result).toContain('aria-hidden="true"');
  });

  it('drops scripts, foreign content, handlers and external links', () => {
    const result = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script>' +
        '<foreignObject><div>x</div></foreignObject><a href="javascript:alert(3)"><path d="M0 0"/></a>' +
        '<circle r="2" onclick="alert(4)"/></svg>',
    );
    expect(result).not.toBeNull();
    expect(result).not.toMatch(/alert|script|foreignObject|onload|onclick|href/);
    expect(result).toContain('<circle r="2"');
  });

  it('rejects markup that is not an SVG document', () => {
    expect(sanitizeSvg('<div>not an icon</div>')).toBeNull();
    expect(sanitizeSvg('<svg><path></svg>')).toBeNull();
    expect(sanitizeSvg('')).toBeNull();
  });
});

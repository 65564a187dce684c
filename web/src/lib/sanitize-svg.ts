const SVG_NS = 'http://www.w3.org/2000/svg';

/** Presentation-only SVG elements. Anything else (script, foreignObject, use, image, a, animate…) is dropped. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'defs',
  'clipPath',
  'mask',
  'linearGradient',
  'radialGradient',
  'stop',
]);

/**
 * Icons (loader and category tags) arrive from our own API as inline SVG markup. They are trusted,
 * but they are data that staff can edit, so instead of pasting the string into the page we parse it
 * inertly with DOMParser (scripts in a parsed document never run), accept only an `<svg>` root in
 * the SVG namespace, keep an allow-list of shape elements, drop event-handler attributes and
 * non-fragment links, and serialise the result. Anything that fails to parse renders nothing
 * rather than breaking the page layout. Returns null when the markup is not a usable SVG.
 */
export function sanitizeSvg(markup: string): string | null {
  if (typeof DOMParser === 'undefined') return null;
  const doc = new DOMParser().parseFromString(markup.trim(), 'image/svg+xml');
  const root = doc.documentElement;
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') return null;

  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    if (element.namespaceURI !== SVG_NS || !ALLOWED_ELEMENTS.has(element.localName)) {
      element.remove();
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.localName.toLowerCase();
      const isHandler = name.startsWith('on');
      const isExternalLink = name === 'href' && !attribute.value.trim().startsWith('#');
      if (isHandler || isExternalLink) element.removeAttributeNode(attribute);
    }
  }

  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('focusable', 'false');
  return new XMLSerializer().serializeToString(root);
}

import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, CLASS_TAGS } from '@cairn/shared/markdown/policy';
import { END_MARKER_PREFIX } from './corpus-document';

export interface AuditRules {
  allowedTags: string[];
  /** Per tag, every attribute that may remain (the spec's list plus what the renderer adds). */
  allowedAttributes: Record<string, string[]>;
  allowedCssProperties: string[];
  /** Regular expressions (as source text) an iframe `src` must match in full. */
  iframeSources: string[];
  endMarkerPrefix: string;
}

export interface AuditFinding {
  /** The vector before whose end marker the finding sits (null: after the last marker). */
  vector: number | null;
  problem: string;
}

export interface AuditResult {
  findings: AuditFinding[];
  /** Vector ids whose end markers were found, in document order. */
  endMarkers: number[];
}

const allowedAttributes: Record<string, string[]> = {};
for (const tag of ALLOWED_TAGS) {
  allowedAttributes[tag] = [...(ALLOWED_ATTRIBUTES[tag] ?? []), ...(CLASS_TAGS.includes(tag) ? ['class'] : [])];
}
// The renderer's own additions: task-list checkboxes are hidden, inert duplicates of their text.
allowedAttributes.input = [...(allowedAttributes.input ?? []), 'aria-hidden', 'tabindex'];

/**
 * What may be left in rendered markdown, written from spec §5 rather than read back from the
 * sanitiser's configuration where the two could differ: iframes only for an embedded video
 * (11-character id, numeric start/end) or a chat widget (18–19 digit id), over https.
 */
export const AUDIT_RULES: AuditRules = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes,
  allowedCssProperties: ['image-rendering', 'text-align', 'float'],
  iframeSources: [
    '^https://www\\.youtube(?:-nocookie)?\\.com/embed/[A-Za-z0-9_-]{11}(?:\\?(?:start|end)=\\d+(?:&(?:start|end)=\\d+)?)?$',
    '^https://discord\\.com/widget\\?id=\\d{18,19}$',
  ],
  endMarkerPrefix: END_MARKER_PREFIX,
};

/**
 * Inspects rendered markdown for anything that could run script or load from a hostile place:
 * elements and attributes outside the allow-list, event handlers, URLs whose scheme is not http,
 * https, mailto, tel, ftp or data:image/, CSS beyond the allowed properties, iframes other than
 * the allowed embeds. Findings are attributed to the vector whose end marker follows them.
 *
 * It runs both in jsdom and inside the browser page (Playwright serialises it), so it must stay
 * self-contained: no imports, no outer variables, no named inner functions.
 */
export function auditRenderedMarkup(root: Element, rules: AuditRules): AuditResult {
  const findings: AuditFinding[] = [];
  const endMarkers: number[] = [];
  let pending: string[] = [];
  const urlAttributes = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'cite', 'background', 'data', 'codebase', 'dynsrc', 'lowsrc', 'ping', 'longdesc', 'usemap', 'manifest', 'icon', 'imagesrcset'];
  const allowedProtocols = ['http:', 'https:', 'mailto:', 'tel:', 'ftp:'];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.localName.toLowerCase();
    const where = `<${tag}>`;
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') pending.push(`${where} in namespace ${element.namespaceURI}`);
    if (!rules.allowedTags.includes(tag)) pending.push(`element ${where} is outside the allow-list`);
    const allowed = rules.allowedAttributes[tag] ?? [];
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value;
      if (name.startsWith('on')) pending.push(`${where} keeps the event handler ${name}="${value}"`);
      else if (name === 'srcdoc') pending.push(`${where} keeps srcdoc`);
      else if (!allowed.includes(name)) pending.push(`${where} keeps ${name}, outside the allow-list`);
      if (urlAttributes.includes(name)) {
        const urls = name.endsWith('srcset') ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [value];
        for (const url of urls) {
          // As the URL parser sees it: tabs and newlines removed, C0 controls and spaces trimmed.
          // eslint-disable-next-line no-control-regex
          const compact = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
          // A URL the parser rejects cannot be followed or loaded, so it is harmless.
          let protocol = '';
          try {
            protocol = new URL(compact, 'https://relative.invalid/').protocol;
          } catch {
            continue;
          }
          const ok = allowedProtocols.includes(protocol) || (protocol === 'data:' && /^data:image\//i.test(compact));
          if (!ok) pending.push(`${where} ${name} has the scheme ${protocol}: ${value.slice(0, 80)}`);
        }
      }
      if (name === 'style') {
        const style = (element as HTMLElement).style;
        for (let index = 0; index < style.length; index++) {
          const property = style.item(index);
          if (!rules.allowedCssProperties.includes(property)) pending.push(`${where} style sets ${property}`);
        }
        if (/url\s*\(|expression|@import|javascript:|\\/i.test(value)) pending.push(`${where} style is hostile: ${value.slice(0, 80)}`);
      }
    }
    if (tag === 'iframe') {
      const src = element.getAttribute('src') ?? '';
      if (!rules.iframeSources.some((source) => new RegExp(source).test(src))) pending.push(`iframe source outside the allowed embeds: ${src.slice(0, 80)}`);
    }
    if (tag === 'h6' && element.id.startsWith(rules.endMarkerPrefix)) {
      const id = Number(element.id.slice(rules.endMarkerPrefix.length));
      endMarkers.push(id);
      for (const problem of pending) findings.push({ vector: id, problem });
      pending = [];
    }
  }
  for (const problem of pending) findings.push({ vector: null, problem });
  return { findings, endMarkers };
}

/**
 * What each toolbar button does to the text: a replacement of the range [from, to) and where the
 * selection goes afterwards. Pure, so the editor only applies them.
 */
export type MarkdownAction = 'bold' | 'italic' | 'heading' | 'link' | 'image' | 'code' | 'list' | 'quote';

export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  selection: { anchor: number; head: number };
}

function wrap(doc: string, from: number, to: number, before: string, after: string, placeholder: string): TextEdit {
  const selected = doc.slice(from, to) || placeholder;
  const insert = `${before}${selected}${after}`;
  return { from, to, insert, selection: { anchor: from + before.length, head: from + before.length + selected.length } };
}

function prefixLines(doc: string, from: number, to: number, prefix: (index: number) => string): TextEdit {
  const start = doc.lastIndexOf('\n', from - 1) + 1;
  const nextBreak = doc.indexOf('\n', to);
  const end = nextBreak === -1 ? doc.length : nextBreak;
  const insert = doc
    .slice(start, end)
    .split('\n')
    .map((line, index) => `${prefix(index)}${line}`)
    .join('\n');
  return { from: start, to: end, insert, selection: { anchor: start + insert.length, head: start + insert.length } };
}

export function applyMarkdownAction(doc: string, from: number, to: number, action: MarkdownAction, url = 'https://'): TextEdit {
  switch (action) {
    case 'bold':
      return wrap(doc, from, to, '**', '**', 'bold text');
    case 'italic':
      return wrap(doc, from, to, '_', '_', 'italic text');
    case 'code':
      return doc.slice(from, to).includes('\n') ? wrap(doc, from, to, '```\n', '\n```', '') : wrap(doc, from, to, '`', '`', 'code');
    case 'heading':
      return prefixLines(doc, from, to, () => '## ');
    case 'list':
      return prefixLines(doc, from, to, () => '- ');
    case 'quote':
      return prefixLines(doc, from, to, () => '> ');
    case 'link': {
      const label = doc.slice(from, to) || 'link text';
      const insert = `[${label}](${url})`;
      const urlStart = from + label.length + 3;
      return { from, to, insert, selection: { anchor: urlStart, head: urlStart + url.length } };
    }
    case 'image': {
      const alt = doc.slice(from, to) || 'description';
      const insert = `![${alt}](${url})`;
      const urlStart = from + alt.length + 4;
      return { from, to, insert, selection: { anchor: urlStart, head: urlStart + url.length } };
    }
  }
}

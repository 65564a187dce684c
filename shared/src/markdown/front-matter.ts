/**
 * Splits a markdown document into its front matter and body. The front matter is the block between
 * a first line `---` and the next `---`, one `key: value` per line (values may be quoted); a
 * deliberately small subset of YAML so every entry stays readable and diffable.
 */
export interface FrontMatterDocument {
  data: Record<string, string>;
  body: string;
}

export class FrontMatterError extends Error {}

export function parseFrontMatter(source: string): FrontMatterDocument {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.startsWith('---\n')) throw new FrontMatterError('missing front matter: the file must start with a line "---"');
  const end = text.indexOf('\n---', 3);
  if (end === -1 || (text[end + 4] !== undefined && text[end + 4] !== '\n')) {
    throw new FrontMatterError('front matter is not closed by a line "---"');
  }
  const data: Record<string, string> = {};
  const lines = text.slice(4, end).split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const match = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match) throw new FrontMatterError(`front matter line ${index + 2} is not "key: value": ${line}`);
    const [, key, raw] = match as unknown as [string, string, string];
    if (key in data) throw new FrontMatterError(`front matter repeats "${key}"`);
    data[key] = unquote(raw.trim());
  });
  return { data, body: text.slice(end + 4).replace(/^\n+/, '') };
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? quoted[2]! : value;
}

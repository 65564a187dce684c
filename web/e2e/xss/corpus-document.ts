import type { XssVector } from './vectors';

/** Id prefix of the heading that follows each vector; the audit attributes findings by it. */
export const END_MARKER_PREFIX = 'xss-end-';

/**
 * Ends whatever a vector left open (raw-text elements, foreign content, tables, comments,
 * processing instructions, CDATA) so the next vector starts in a fresh context. On a line of its
 * own it also ends markdown-it's HTML blocks of types 1–5.
 */
const CLOSE_EVERYTHING =
  '</script></style></textarea></title></xmp></noscript></noembed></noframes></iframe></template></select></option></svg></math></table></form></object></a></pre></code></details> --> ?> ]]>';

/** One vector as it appears in a document: the vector, the closers, and its end marker. */
export function vectorBlock(vector: XssVector): string {
  const end = vector.endsDocument ? '' : `<h6 id="${END_MARKER_PREFIX}${vector.id}">end of vector ${vector.id}</h6>\n\n`;
  return `${vector.source}\n\n${CLOSE_EVERYTHING}\n\n${end}`;
}

/**
 * Splits the corpus into markdown documents of at most `maxChars` characters (a project body
 * holds 65,536). Vectors marked `endsDocument` each end one.
 */
export function corpusDocuments(vectors: readonly XssVector[], maxChars: number): string[] {
  const ordered = [...vectors.filter((v) => !v.endsDocument), ...vectors.filter((v) => v.endsDocument)];
  const documents: string[] = [];
  let current = '';
  for (const vector of ordered) {
    const block = vectorBlock(vector);
    if (block.length > maxChars) throw new Error(`Vector ${vector.id} alone is longer than ${maxChars} characters`);
    if (current.length + block.length > maxChars) {
      documents.push(current);
      current = '';
    }
    current += block;
    if (vector.endsDocument) {
      documents.push(current);
      current = '';
    }
  }
  if (current) documents.push(current);
  return documents;
}

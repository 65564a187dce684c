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
 * holds 65,536). Each vector marked `endsDocument` goes at the end of a different document.
 */
export function corpusDocuments(vectors: readonly XssVector[], maxChars: number): string[] {
  const endings = vectors.filter((v) => v.endsDocument).map(vectorBlock);
  const reserve = Math.max(0, ...endings.map((block) => block.length));
  const documents: string[] = [];
  let current = '';
  for (const vector of vectors.filter((v) => !v.endsDocument)) {
    const block = vectorBlock(vector);
    if (block.length + reserve > maxChars) throw new Error(`Vector ${vector.id} is too long for one document`);
    if (current.length + block.length + reserve > maxChars) {
      documents.push(current);
      current = '';
    }
    current += block;
  }
  if (current) documents.push(current);
  endings.forEach((block, index) => {
    if (index < documents.length) documents[index] += block;
    else documents.push(block);
  });
  return documents;
}

import type { LegalDocumentModule } from '../../../../plugins/site-content';

export type LegalDocument = LegalDocumentModule;

// One chunk per document (web/content/legal/*.md, compiled by plugins/site-content.ts).
const documents = import.meta.glob<{ default: LegalDocument }>('../../../../content/legal/*.md');

/** The legal document `page`, or undefined when there is none by that name. */
export async function loadLegalDocument(page: string): Promise<LegalDocument | undefined> {
  const load = documents[`../../../../content/legal/${page}.md`];
  return load ? (await load()).default : undefined;
}

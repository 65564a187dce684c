import { data, useLoaderData, type LoaderFunction } from 'react-router';
import { loadMarkdownRenderer } from '../../../components/markdown/markdown';
import { loadLegalDocument, type LegalDocument } from '../../../features/legal/api/legal-documents';
import { CookiePreferencesForm } from '../../../features/legal/components/cookie-preferences-form';
import { LegalDocumentView } from '../../../features/legal/components/legal-document';
import { useHead } from '../../../lib/head';

export const createLoader = (): LoaderFunction => async ({ params }) => {
  const [document] = await Promise.all([loadLegalDocument(params.page ?? ''), loadMarkdownRenderer()]);
  if (!document) throw data('Not found', { status: 404 });
  return document;
};

/** `/legal/{page}`: one legal document from web/content/legal; the cookie page adds its form. */
export function Component() {
  const document = useLoaderData<LegalDocument>();
  useHead({ title: document.meta.title, description: document.meta.description });
  return <LegalDocumentView document={document}>{document.page === 'cmp' && <CookiePreferencesForm />}</LegalDocumentView>;
}

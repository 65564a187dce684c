import { HttpError } from '../../../lib/api-client';
import { formErrorsFrom, type FormErrors } from '../../../lib/form-errors';

export type CreationField = 'title' | 'slug' | 'summary' | 'visibility';

/** Fields of the `data` part as the API names them in "Invalid data 'field': …". */
const DATA_FIELDS: Partial<Record<string, CreationField>> = {
  title: 'title',
  slug: 'slug',
  description: 'summary',
  requested_status: 'visibility',
};

const INVALID_DATA = /^Invalid (?:data )?'([a-z_]+)(?:\.[^']*)?':\s*(.*)$/;

/** An error of POST /v2/project next to the field it is about, or for the whole form. */
export function creationErrorsFrom(error: unknown): FormErrors<CreationField> {
  const mapped = formErrorsFrom<CreationField>(error, { slug_taken: 'slug' });
  if (!mapped.form || !(error instanceof HttpError) || error.code !== 'invalid_input') return mapped;
  const match = INVALID_DATA.exec(error.description);
  const field = match ? DATA_FIELDS[match[1]!] : undefined;
  return field && match ? { fields: { [field]: match[2] } } : mapped;
}

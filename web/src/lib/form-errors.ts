import { HttpError } from './api-client';

/**
 * Turns an API error into a message next to the field it is about: known error codes map to
 * fields, and validation errors name theirs ("Invalid body 'email': …"). Anything else is a
 * form-level error.
 */
export interface FormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  form?: string;
}

const VALIDATION_FIELD = /^Invalid body '([a-z_]+)(?:\.[^']*)?': (.*)$/;

export function formErrorsFrom<F extends string>(error: unknown, codeFields: Partial<Record<string, F>>, bodyFields: Partial<Record<string, F>> = {}): FormErrors<F> {
  if (!(error instanceof HttpError)) return { fields: {}, form: error instanceof Error ? error.message : String(error) };
  const byCode = error.code ? codeFields[error.code] : undefined;
  if (byCode) return { fields: { [byCode]: error.description } as Partial<Record<F, string>> };
  const match = error.code === 'invalid_input' ? VALIDATION_FIELD.exec(error.description) : null;
  const field = match ? bodyFields[match[1]!] : undefined;
  if (field && match) return { fields: { [field]: match[2] } as Partial<Record<F, string>> };
  return { fields: {}, form: error.description };
}

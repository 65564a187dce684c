import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import type { FormErrors } from './form-errors';

/**
 * A react-hook-form form checked by a zod schema on submit. Errors stay as they are until the
 * next submit (no checking while typing) and focus stays where it is, like the rest of the site.
 */
export function useZodForm<Values extends FieldValues>(schema: z.ZodType<Values, Values>, defaultValues: DefaultValues<Values>) {
  return useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
}

/** Shows an API error (see formErrorsFrom) on the form: next to its field, or as `root.server`. */
export function setFormErrors<Values extends FieldValues>(setError: UseFormSetError<Values>, { fields, form }: FormErrors<FieldPath<Values>>): void {
  for (const [field, message] of Object.entries(fields) as Array<[FieldPath<Values>, string | undefined]>) {
    if (message) setError(field, { type: 'server', message });
  }
  if (form) setError('root.server', { type: 'server', message: form });
}

import { z } from 'zod';
import { LOCALE_CODES, matchLocale } from '../constants/languages.js';

/** One of the languages the website offers, matched case-insensitively (`matchLocale` gives its listed spelling). */
export const ContentLanguageSchema = z
  .string()
  .max(35)
  .refine((value) => matchLocale(value) !== undefined, `must be one of the offered languages (${LOCALE_CODES.slice(0, 3).join(', ')}…)`);

/** `?lang=` of the reads: any well-formed language tag (one not offered simply matches nothing). */
export const LangQuerySchema = z.object({
  lang: z
    .string()
    .max(35)
    .regex(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag such as de-DE')
    .optional(),
});

import { z } from 'zod';

/** The products a changelog entry can be about (spec §3). */
export const CHANGELOG_PRODUCTS = ['web', 'servers', 'app'] as const;
export const ChangelogProductSchema = z.enum(CHANGELOG_PRODUCTS);
export type ChangelogProduct = z.infer<typeof ChangelogProductSchema>;

/** A calendar date written `YYYY-MM-DD`. */
export const ContentDateSchema = z.iso.date({ error: 'must be a date written YYYY-MM-DD' });

/**
 * Front matter of a changelog entry (a markdown file in the web app's content folder). The body
 * is the markdown below it. At most one entry per product and date: the date is its address.
 */
export const ChangelogFrontMatterSchema = z.strictObject({
  date: ContentDateSchema,
  product: ChangelogProductSchema,
  /** Release label of the product, e.g. the app's "0.9.2"; at most 32 characters. */
  version: z.string().trim().min(1).max(32).optional(),
});
export type ChangelogFrontMatter = z.infer<typeof ChangelogFrontMatterSchema>;

/** Front matter of a legal document. */
export const LegalFrontMatterSchema = z.strictObject({
  title: z.string().trim().min(1).max(80),
  description: z.string().trim().min(1).max(200),
  updated: ContentDateSchema,
});
export type LegalFrontMatter = z.infer<typeof LegalFrontMatterSchema>;

import { z } from 'zod';
import { ContentLanguageSchema } from './content-language.js';
import { ProjectBodySchema, ProjectSummarySchema } from './projects.js';

// Translations of a project's summary and description and of a version's changelog (Cairn's own
// routes; see docs/api/catalogue.md, "Translations").

export const TranslationLanguageParamsSchema = z.object({ id: z.string().min(1).max(128), language: ContentLanguageSchema });

/** PUT /project/{id|slug}/translations/{language}. */
export const PutProjectTranslationBodySchema = z.object({
  summary: ProjectSummarySchema,
  description: ProjectBodySchema.refine((value) => value.trim().length > 0, 'must not be empty'),
});
export type PutProjectTranslationBody = z.infer<typeof PutProjectTranslationBodySchema>;

export const ProjectTranslationSchema = z
  .object({
    language: z.string(),
    summary: z.string(),
    description: z.string(),
    updated: z.iso.datetime({ offset: true }),
  })
  .strict();
export type ProjectTranslation = z.infer<typeof ProjectTranslationSchema>;

/** GET /project/{id|slug}/translations: the original's language and every translation. */
export const ProjectTranslationListSchema = z
  .object({
    original_language: z.string(),
    translations: z.array(ProjectTranslationSchema),
  })
  .strict();
export type ProjectTranslationList = z.infer<typeof ProjectTranslationListSchema>;

/** PUT /version/{id}/translations/{language}. */
export const PutVersionTranslationBodySchema = z.object({
  changelog: z.string().max(65536).refine((value) => value.trim().length > 0, 'must not be empty'),
});
export type PutVersionTranslationBody = z.infer<typeof PutVersionTranslationBodySchema>;

export const VersionTranslationSchema = z
  .object({
    language: z.string(),
    changelog: z.string(),
    updated: z.iso.datetime({ offset: true }),
  })
  .strict();
export type VersionTranslation = z.infer<typeof VersionTranslationSchema>;

/** GET /version/{id}/translations. */
export const VersionTranslationListSchema = z
  .object({
    original_language: z.string(),
    translations: z.array(VersionTranslationSchema),
  })
  .strict();
export type VersionTranslationList = z.infer<typeof VersionTranslationListSchema>;

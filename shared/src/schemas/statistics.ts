import { z } from 'zod';

/** GET /statistics (OpenAPI `Statistics`): public projects, their listed versions and files, and their authors. */
export const StatisticsSchema = z
  .object({
    projects: z.number().int(),
    versions: z.number().int(),
    files: z.number().int(),
    authors: z.number().int(),
  })
  .strict();
export type Statistics = z.infer<typeof StatisticsSchema>;

/** `?neoforge=` of the Forge update file: leave NeoForge versions out (default), add them, or show only them. */
export const ForgeUpdatesQuerySchema = z.object({
  neoforge: z.enum(['none', 'include', 'only']).default('none'),
});
export type ForgeUpdatesQuery = z.infer<typeof ForgeUpdatesQuerySchema>;

/**
 * GET /updates/{id|slug}/forge_updates.json (OpenAPI `ForgeUpdates`), the format Forge's update
 * checker reads: `promos` maps `<game version>-latest` and `<game version>-recommended`
 * (releases only) to version numbers.
 */
export const ForgeUpdatesSchema = z
  .object({
    homepage: z.string(),
    promos: z.record(z.string(), z.string()),
  })
  .strict();
export type ForgeUpdates = z.infer<typeof ForgeUpdatesSchema>;

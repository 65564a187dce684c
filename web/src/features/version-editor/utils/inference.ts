import { DEPENDENCY_TYPES, VERSION_TYPES } from '@cairn/shared/schemas/versions';
import { z } from 'zod';

/**
 * The answer of `POST /v2/version/infer`: what the API read from an uploaded file's metadata.
 * Every field may be missing (null or empty) when the file does not say.
 */
export const VersionInferenceSchema = z.object({
  name: z.string().nullable(),
  version_number: z.string().nullable(),
  version_type: z.enum(VERSION_TYPES).nullable(),
  loaders: z.array(z.string()),
  game_versions: z.array(z.string()),
  dependencies: z.array(
    z.object({
      project_id: z.string(),
      version_id: z.null(),
      dependency_type: z.enum(DEPENDENCY_TYPES),
    }),
  ),
  project_type: z.string().nullable(),
  format: z.string(),
});
export type VersionInference = z.infer<typeof VersionInferenceSchema>;

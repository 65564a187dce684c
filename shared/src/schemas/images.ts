import { z } from 'zod';
import { Base62IdSchema } from './common.js';

/** What an image uploaded for markdown text belongs to. */
export const IMAGE_CONTEXTS = ['project', 'version', 'thread_message', 'report'] as const;
export const ImageContextSchema = z.enum(IMAGE_CONTEXTS);
export type ImageContext = z.infer<typeof ImageContextSchema>;

/** Query of POST /image (the body is the raw image, at most 1 MiB). */
export const UploadImageQuerySchema = z.object({
  ext: z.enum(['png', 'jpg', 'jpeg', 'gif', 'webp']),
  context: ImageContextSchema,
  project_id: Base62IdSchema.optional(),
  version_id: Base62IdSchema.optional(),
  thread_message_id: Base62IdSchema.optional(),
  report_id: Base62IdSchema.optional(),
});
export type UploadImageQuery = z.infer<typeof UploadImageQuerySchema>;

/** An uploaded image; the id of the item it belongs to is present for its context only. */
export const UploadedImageSchema = z.object({
  id: Base62IdSchema,
  url: z.string(),
  size: z.number().int().min(0),
  created: z.string(),
  owner_id: Base62IdSchema,
  context: ImageContextSchema,
  project_id: Base62IdSchema.optional(),
  version_id: Base62IdSchema.optional(),
  thread_message_id: Base62IdSchema.optional(),
  report_id: Base62IdSchema.optional(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

import { z } from 'zod';

/** A 204 answer: no body at all. */
export const NoContentSchema = z.union([z.undefined(), z.null()]);

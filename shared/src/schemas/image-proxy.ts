import { z } from 'zod';

/** Query of GET /v2/image-proxy: the external image's absolute http(s) URL. */
export const ProxyImageQuerySchema = z.object({
  url: z.string().min(1).max(4096),
});
export type ProxyImageQuery = z.infer<typeof ProxyImageQuerySchema>;

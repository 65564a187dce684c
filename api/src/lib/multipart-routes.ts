import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Declares routes that read multipart bodies (uploads) in a scope of their own with the multipart
 * plugin: its hooks (two async ones and a listener on every answer) then run for those routes only,
 * not for every read of the module declaring them (the project and hash lookups included).
 */
export async function multipartRoutes(app: ZodApp, declare: (uploads: ZodApp) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart);
    declare(scope.withTypeProvider<ZodTypeProvider>());
  });
}

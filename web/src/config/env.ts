import { z } from 'zod';

/**
 * Runtime configuration. The server writes `/runtime-config.js` at start-up
 * (`window.__CAIRN_CONFIG__ = { apiUrl }`), so a single build can point at any API. When that is
 * absent the build-time `VITE_API_URL` applies, and finally `''`, meaning "same origin".
 */
function isAbsoluteUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const ApiUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isAbsoluteUrl(value), 'apiUrl must be empty or an absolute URL')
  // Paths are joined as `${apiUrl}/v2/...`, so drop trailing slashes.
  .transform((value) => value.replace(/\/+$/, ''));

const RuntimeConfigSchema = z.object({ apiUrl: ApiUrlSchema.optional() });

const EnvSchema = z.object({
  apiUrl: ApiUrlSchema,
  buildId: z.string().min(1),
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(runtimeConfig: unknown, buildEnv: { VITE_API_URL?: string; VITE_BUILD_ID?: string }): Env {
  const runtime = RuntimeConfigSchema.safeParse(runtimeConfig ?? {});
  if (!runtime.success) {
    throw new Error(`Invalid window.__CAIRN_CONFIG__ (from /runtime-config.js):\n${z.prettifyError(runtime.error)}`);
  }
  const result = EnvSchema.safeParse({
    apiUrl: runtime.data.apiUrl ?? buildEnv.VITE_API_URL ?? '',
    buildId: buildEnv.VITE_BUILD_ID || 'dev',
  });
  if (!result.success) throw new Error(`Invalid web configuration:\n${z.prettifyError(result.error)}`);
  return result.data;
}

export const env: Env = parseEnv(
  typeof window === 'undefined' ? undefined : window.__CAIRN_CONFIG__,
  import.meta.env,
);

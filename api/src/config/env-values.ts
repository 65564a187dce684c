import { z } from 'zod';

/** Parsers of environment values that several concerns share. */
export const port = z.coerce.number().int().min(0).max(65535);
export const optionalUrl = z.url().optional();
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Adds the problem "`variable`: `message`" to the parse (for rules that span several variables). */
export function addProblem(ctx: z.RefinementCtx, variable: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [variable], message });
}

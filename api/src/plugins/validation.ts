import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { badRequest } from '../lib/errors.js';
import { findUnsafeString } from '../lib/unsafe-strings.js';
import { describeInvalidField } from './error-handler.js';

type ValidationResult = { value?: unknown; error?: Error };

/**
 * The zod validator, then one more rule every route shares: no input string may hold text
 * PostgreSQL cannot store (NUL, unpaired surrogates), so such input is a 400 naming the field
 * instead of a database error.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  return (data: unknown) => {
    const result = validate(data) as ValidationResult;
    if (result.error) return result;
    const unsafe = findUnsafeString(result.value);
    if (!unsafe) return result;
    return { error: badRequest(describeInvalidField(route.httpPart, unsafe.path, unsafe.reason)) };
  };
};

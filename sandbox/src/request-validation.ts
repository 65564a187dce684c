import type { z } from 'zod';

/** A refusal answered as `{"error": {"code", "message"}}` with its status. */
export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Error codes of fields whose refusal has its own code (as a real processor's do). */
const FIELD_ERRORS: Record<string, { code: string; message: string; evenWhenMissing?: boolean }> = {
  amount: { code: 'invalid_amount', message: 'amount must be a positive integer', evenWhenMissing: true },
  currency: { code: 'invalid_currency', message: 'currency must be an ISO 4217 code' },
};

const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined), value);

/**
 * Validates a request body against its contract schema (`@cairn/shared/schemas/payment-sandbox`),
 * refusing the first problem with a 400 that names the field: `parameter_missing` for a missing
 * one, the field's own code (FIELD_ERRORS), else `invalid_request`.
 */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'body';
  const special = FIELD_ERRORS[field];
  const given = valueAt(body, issue.path);
  const missing = given === undefined || given === null || given === '';
  if (special && (special.evenWhenMissing || !missing)) throw new SandboxError(400, special.code, special.message);
  if (missing) throw new SandboxError(400, 'parameter_missing', `${field} is required`);
  throw new SandboxError(400, 'invalid_request', `${field}: ${issue.message}`);
}

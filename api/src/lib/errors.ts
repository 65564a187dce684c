/**
 * The one error type services throw. The error handler turns it into
 * `{ "error": code, "description": text }` with the given status.
 */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    public readonly description: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'ApiError';
  }
}

export const badRequest = (description: string, code = 'invalid_input') => new ApiError(400, code, description);
export const unauthorized = (description = 'Authentication is required for this request', code = 'unauthorized') =>
  new ApiError(401, code, description);
export const forbidden = (description: string, code = 'forbidden') => new ApiError(403, code, description);
export const notFound = (description = 'The requested resource was not found') =>
  new ApiError(404, 'not_found', description);
export const conflict = (description: string, code = 'conflict') => new ApiError(409, code, description);
export const serviceUnavailable = (description: string, code = 'service_unavailable') =>
  new ApiError(503, code, description);

/** Error with an HTTP status and a snake_case code; rendered as {error, description}. */
export class AgentError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

export const notFound = (what: string) => new AgentError(404, 'not_found', `${what} was not found`);
export const invalidInput = (description: string) => new AgentError(400, 'invalid_input', description);
export const conflict = (description: string) => new AgentError(409, 'conflict', description);

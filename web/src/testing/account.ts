import type { User } from '@cairn/shared/schemas/users';
import { http, HttpResponse } from 'msw';
import { buildUser } from './mocks/factories';
import { server } from './mocks/server';

/** Answers GET /v2/session/user with this user (signed in) for the rest of the test; returns it. */
export function signIn(overrides: Partial<User> = {}): User {
  const user = buildUser(overrides);
  server.use(http.get('*/v2/session/user', () => HttpResponse.json({ user })));
  return user;
}

/** The JSON body a handler received. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  return (await request.json()) as Record<string, unknown>;
}

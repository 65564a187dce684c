import type { FastifyPluginAsync } from 'fastify';
import { createUsersService, type UsersServiceDeps } from './users.service.js';
import { usersRoutes } from './users.routes.js';

/** Users under /v2/user*. */
export const usersModule: FastifyPluginAsync<UsersServiceDeps & { secureCookies: boolean }> = async (app, deps) => {
  await app.register(usersRoutes, { service: createUsersService(deps), secureCookies: deps.secureCookies });
};

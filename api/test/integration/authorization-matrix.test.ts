import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDeclaration } from '../../src/plugins/auth.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { AUTHORIZATION_MATRIX, MATRIX_BYPASS_KEY, type MatrixEntry } from '../authorization/matrix.js';
import { createCallers, createWorld, patWithout, type Callers, type World } from '../authorization/world.js';

/*
 * The authorization matrix, generated from the routes' own declarations: every /v2 and /v3 route is called
 * anonymously, with a token lacking its scopes, as a stranger, as the owner of what it names and as
 * a moderator and as an admin (as the moderator unless the row says otherwise), each against a fresh world. Answers to outsiders never carry the owner's email or
 * tokens, nor the ids of the hidden project and version. A route without a row fails the suite.
 */
const BYPASS = MATRIX_BYPASS_KEY;
let ctx: TestContext;
let callers: Callers;
let declarations: Map<string, RouteDeclaration>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_BYPASS_KEY: BYPASS } });
  callers = await createCallers(ctx);
  declarations = new Map(ctx.app.routeDeclarations.map((d) => [`${d.method} ${d.url}`, d]));
});
afterAll(() => ctx?.close());

type Caller = 'anonymous' | 'lacking scope' | 'stranger' | 'owner' | 'moderator' | 'admin';

function expected(entry: MatrixEntry, declaration: RouteDeclaration, caller: Caller): number | readonly number[] | undefined {
  const { mode } = declaration.auth;
  const anonymous = entry.anonymous ?? (mode === 'required' ? 401 : entry.stranger);
  switch (caller) {
    case 'anonymous':
      return anonymous;
    case 'lacking scope':
      return mode === 'required' ? 401 : anonymous;
    case 'admin':
      return entry.admin ?? entry.moderator ?? anonymous;
    default:
      return entry[caller] ?? anonymous;
  }
}

const send = testClient(() => ctx.app, { headers: { 'x-ratelimit-key': BYPASS } });

async function callAs(entry: MatrixEntry, declaration: RouteDeclaration, caller: Caller) {
  const w: World = await createWorld(ctx, entry.consumesCaller ? await createCallers(ctx) : callers);
  const scopes = declaration.auth.mode === 'none' ? [] : declaration.auth.scopes;
  const token = {
    anonymous: undefined,
    'lacking scope': scopes.length ? await patWithout(ctx, w.owner.id, scopes) : undefined,
    stranger: w.stranger.session,
    owner: w.owner.session,
    moderator: w.moderator.session,
    admin: w.admin.session,
  }[caller];
  const request = await entry.request(w);
  const response = await send(request.method, request.url, { ...request.headers, ...(token ? { authorization: token } : {}) }, request.payload);
  return { w, response };
}

describe('authorization matrix', () => {
  it('has exactly one row per declared route', () => {
    const declared = [...declarations.keys()].sort();
    expect(declared.length).toBeGreaterThan(80);
    expect(declared.filter((key) => !(key in AUTHORIZATION_MATRIX))).toEqual([]);
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((key) => !declarations.has(key))).toEqual([]);
  });

  for (const [route, entry] of Object.entries(AUTHORIZATION_MATRIX)) {
    it(route, async () => {
      const declaration = declarations.get(route);
      if (!declaration) throw new Error(`${route} is not a declared route`);
      const callersOfRoute: Caller[] = ['anonymous', 'stranger', 'owner', 'moderator', 'admin'];
      if (declaration.auth.mode !== 'none' && declaration.auth.scopes.length) callersOfRoute.splice(1, 0, 'lacking scope');
      const outcomes: Record<string, number | readonly number[] | string> = {};
      const wanted: Record<string, number | readonly number[] | string> = {};
      for (const caller of callersOfRoute) {
        const want = expected(entry, declaration, caller);
        if (want === undefined) throw new Error(`${route}: no expectation for ${caller}`);
        const { w, response } = await callAs(entry, declaration, caller);
        const ok = typeof want === 'number' ? response.statusCode === want : want.includes(response.statusCode);
        outcomes[caller] = ok ? want : `${response.statusCode} ${response.body.slice(0, 160)}`;
        wanted[caller] = want;
        if (caller !== 'owner' && caller !== 'moderator' && caller !== 'admin' && response.statusCode < 300) {
          const secrets = [w.owner.email, w.owner.session, w.owner.pat, ...(entry.revealsProjectId ? [] : [w.project.key]), w.version.key, w.version.sha1];
          const leaked = secrets.filter((secret) => response.body.includes(secret));
          if (leaked.length) outcomes[`${caller} leak`] = `received ${leaked.join(', ')}`;
        }
      }
      expect(outcomes).toEqual(wanted);
    });
  }
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInProviders } from './providers.js';

let server: Server;
let issuer: string;

beforeAll(async () => {
  // An "issuer" whose discovery document is not one.
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"hello":"world"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const start = (issuerUrl: string) =>
  createSignInProviders([{ kind: 'oidc', clientId: 'c', clientSecret: 's', issuer: issuerUrl, name: 'Test Identity' }])[0]!.authorizationUrl({
    state: 'st',
    codeChallenge: 'ch',
    redirectUri: 'http://127.0.0.1/v2/auth/callback',
  });

describe('third-party sign-in providers', () => {
  it('reports an unreachable provider as a network error', async () => {
    await expect(start('http://127.0.0.1:9')).rejects.toMatchObject({ statusCode: 502, code: 'network_error' });
  });

  it('reports a provider answering nonsense as a provider error naming it', async () => {
    await expect(start(issuer)).rejects.toMatchObject({
      statusCode: 400,
      code: 'provider_error',
      description: expect.stringContaining('Signing in with Test Identity did not work'),
    });
  });

  it('builds the authorization URL of a plain OAuth 2.0 provider with PKCE', async () => {
    const [github] = createSignInProviders([{ kind: 'github', clientId: 'cid', clientSecret: 's' }]);
    const url = new URL(await github!.authorizationUrl({ state: 'st', codeChallenge: 'ch', redirectUri: 'https://api.example/v2/auth/callback' }));
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'cid',
      response_type: 'code',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      redirect_uri: 'https://api.example/v2/auth/callback',
    });
  });
});

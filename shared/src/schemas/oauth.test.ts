import { describe, expect, it } from 'vitest';
import { OAuthAppIdsQuerySchema, OAuthAuthorizeResponseSchema, OAuthAppUrlSchema, RedirectUriSchema } from './oauth.js';

describe('redirect URIs', () => {
  it('accept web, loopback and native-app URIs', () => {
    for (const uri of ['https://app.test/cb', 'https://app.test/cb?x=1', 'http://127.0.0.1:8080/done', 'com.example.app:/oauth', 'myapp://callback']) {
      expect(RedirectUriSchema.safeParse(uri).success, uri).toBe(true);
    }
  });

  it('refuse relative URIs, fragments and script or content schemes', () => {
    for (const uri of ['/cb', 'app.test/cb', 'https://app.test/cb#x', 'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', '']) {
      expect(RedirectUriSchema.safeParse(uri).success, uri).toBe(false);
    }
  });
});

describe('app URL', () => {
  it('must be https and at most 255 characters', () => {
    expect(OAuthAppUrlSchema.safeParse('https://app.test').success).toBe(true);
    expect(OAuthAppUrlSchema.safeParse('http://app.test').success).toBe(false);
    expect(OAuthAppUrlSchema.safeParse(`https://app.test/${'x'.repeat(240)}`).success).toBe(false);
  });
});

describe('app ids query', () => {
  it('takes a JSON array or a comma list', () => {
    expect(OAuthAppIdsQuerySchema.parse({ ids: '["AAAAAAAA","BBBBBBBB"]' }).ids).toEqual(['AAAAAAAA', 'BBBBBBBB']);
    expect(OAuthAppIdsQuerySchema.parse({ ids: 'AAAAAAAA, BBBBBBBB,' }).ids).toEqual(['AAAAAAAA', 'BBBBBBBB']);
    expect(OAuthAppIdsQuerySchema.safeParse({ ids: '["not an id"]' }).success).toBe(false);
  });
});

describe('authorize response', () => {
  it('is either a redirect URL or a consent flow', () => {
    expect(OAuthAuthorizeResponseSchema.parse('https://app.test/cb?code=x')).toBe('https://app.test/cb?code=x');
    const flow = { flow_id: 'f', client_id: 'AAAAAAAA', client_name: 'App', client_icon: null, requested_scopes: 2, redirect_uri: 'https://app.test/cb' };
    expect(OAuthAuthorizeResponseSchema.parse(flow)).toEqual(flow);
  });
});

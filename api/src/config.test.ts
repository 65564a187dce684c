import { describe, expect, it } from 'vitest';
import { ConfigError, ConfigSchema, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.apiPort).toBe(8000);
    expect(config.webPort).toBe(3000);
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.publicApiUrl).toBe('http://127.0.0.1:8000');
    expect(config.publicSiteUrl).toBe('http://127.0.0.1:3000');
    expect(config.webOrigins).toEqual(['http://127.0.0.1:3000']);
    expect(config.database.url).toBeUndefined();
    expect(config.serveWeb).toBe(true);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ API_PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('API_PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('LOG_LEVEL');
  });

  it('requires the key of an external Meilisearch (secrets have no defaults)', () => {
    expect(() => loadConfig({ MEILISEARCH_URL: 'http://search.internal:7700' })).toThrow(/MEILISEARCH_KEY/);
    const config = loadConfig({ MEILISEARCH_URL: 'http://search.internal:7700', MEILISEARCH_KEY: 'a-very-long-master-key' });
    expect(config.search).toMatchObject({ url: 'http://search.internal:7700', key: 'a-very-long-master-key' });
  });

  it('keeps files on disk by default and checks the S3 file store settings', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'files', MAX_FILE_BYTES: String(6 * 1024 ** 3) })).toThrow(/MAX_FILE_BYTES/);
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow(/FILE_STORE/);
    expect(() => loadConfig({ FILE_URL_MODE: 'presigned' })).toThrow(/FILE_URL_MODE/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'files', FILE_URL_MODE: 'presigned', S3_PRESIGN_TTL_SECONDS: '604801' })).toThrow(/S3_PRESIGN_TTL_SECONDS/);
    const config = loadConfig({
      FILE_STORE: 's3',
      S3_BUCKET: 'cairn-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: 'prod/',
    });
    expect(config.fileStore).toEqual({
      kind: 's3',
      bucket: 'cairn-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      keyPrefix: 'prod/',
      presignSeconds: undefined,
    });
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'files', FILE_URL_MODE: 'presigned' }).fileStore).toMatchObject({ presignSeconds: 300 });
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'cairn-files' }).fileStore).toMatchObject({ credentials: undefined, endpoint: undefined, forcePathStyle: false });
  });

  it('treats empty variables as unset and derives public URLs and origins', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      API_PORT: '9000',
      WEB_PORT: '',
      PUBLIC_SITE_URL: 'https://cairn.example/',
      WEB_ORIGINS: 'https://staging.cairn.example, https://cairn.example',
    });
    expect(config.publicApiUrl).toBe('http://127.0.0.1:9000');
    expect(config.webPort).toBe(3000);
    expect(config.publicSiteUrl).toBe('https://cairn.example');
    expect(config.webOrigins).toEqual(['https://cairn.example', 'https://staging.cairn.example']);
  });

  it('enables sign-in providers only with both credentials, and OpenID issuers over https (or loopback)', () => {
    expect(loadConfig({}).authProviders).toEqual([]);
    expect(() => loadConfig({ AUTH_GITHUB_CLIENT_ID: 'id' })).toThrow(/AUTH_GITHUB_CLIENT_SECRET/);
    expect(() => loadConfig({ AUTH_OIDC_CLIENT_ID: 'id', AUTH_OIDC_CLIENT_SECRET: 'secret' })).toThrow(/AUTH_OIDC_ISSUER/);
    expect(() => loadConfig({ AUTH_OIDC_ISSUER: 'http://sso.example', AUTH_OIDC_CLIENT_ID: 'id', AUTH_OIDC_CLIENT_SECRET: 's' })).toThrow(/https/);
    const config = loadConfig({
      AUTH_GITHUB_CLIENT_ID: 'gh',
      AUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
      AUTH_MICROSOFT_CLIENT_ID: 'ms',
      AUTH_MICROSOFT_CLIENT_SECRET: 'ms-secret',
      AUTH_OIDC_ISSUER: 'http://127.0.0.1:9999/',
      AUTH_OIDC_CLIENT_ID: 'o',
      AUTH_OIDC_CLIENT_SECRET: 'o-secret',
    });
    expect(config.authProviders).toEqual([
      { kind: 'github', clientId: 'gh', clientSecret: 'gh-secret' },
      { kind: 'microsoft', clientId: 'ms', clientSecret: 'ms-secret', tenant: 'common' },
      { kind: 'oidc', clientId: 'o', clientSecret: 'o-secret', issuer: 'http://127.0.0.1:9999', name: 'Single sign-on' },
    ]);
  });

  it("allows modpack downloads from Cairn's own file origins and MODPACK_DOWNLOAD_HOSTS", () => {
    expect(loadConfig({}).modpackDownloads).toEqual({
      ownOrigins: ['http://127.0.0.1:8000'],
      hosts: ['cdn.modrinth.com', 'github.com', 'raw.githubusercontent.com', 'gitlab.com'],
    });
    const behindProxy = loadConfig({
      PUBLIC_API_URL: 'https://api.cairn.example/',
      PUBLIC_CDN_URL: 'https://cdn.cairn.example/files',
      FILE_STORE: 's3',
      S3_BUCKET: 'cairn-files',
      S3_REGION: 'eu-west-1',
      FILE_URL_MODE: 'presigned',
      MODPACK_DOWNLOAD_HOSTS: 'GitHub.com, files.example.org',
    });
    expect(behindProxy.modpackDownloads).toEqual({
      ownOrigins: ['https://api.cairn.example', 'https://cdn.cairn.example', 'https://cairn-files.s3.eu-west-1.amazonaws.com'],
      hosts: ['github.com', 'files.example.org'],
    });
    const minio = loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'cairn', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', FILE_URL_MODE: 'presigned', MODPACK_DOWNLOAD_HOSTS: 'none' });
    expect(minio.modpackDownloads).toEqual({ ownOrigins: ['http://127.0.0.1:8000', 'http://minio:9000'], hosts: [] });
    expect(() => loadConfig({ MODPACK_DOWNLOAD_HOSTS: 'https://github.com' })).toThrow(/MODPACK_DOWNLOAD_HOSTS/);
  });

  it('configures mail, captcha and demo accounts', () => {
    const defaults = loadConfig({ PUBLIC_SITE_URL: 'https://cairn.example' });
    expect(defaults.mail).toEqual({ smtpUrl: undefined, from: 'Cairn <no-reply@cairn.example>' });
    expect(defaults.captcha).toBeUndefined();
    expect(defaults.demoAccounts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoAccounts).toBe(false);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'turnstile' })).toThrow(/CAPTCHA_SECRET/);
    expect(loadConfig({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 'secret-value' }).captcha).toMatchObject({ provider: 'turnstile', secret: 'secret-value' });
  });
});

describe('.env.example', () => {
  it('documents every variable config.ts reads', async () => {
    const { readFile } = await import('node:fs/promises');
    const example = await readFile(new URL('../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    const read = Object.keys(ConfigSchema.shape);
    expect(read.filter((key) => !documented.has(key))).toEqual([]);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrl, OutboundError, resolveCheckedAddress, safeFetch, type OutboundPolicy } from './safe-fetch.js';

const policy = (overrides: Partial<OutboundPolicy> = {}): OutboundPolicy => ({
  allowHosts: [],
  maxBytes: 1024,
  timeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  maxRedirects: 3,
  ...overrides,
});

const failureOf = async (work: () => unknown): Promise<string> => {
  try {
    await work();
  } catch (error) {
    if (error instanceof OutboundError) return error.failure;
    throw error;
  }
  return 'none';
};

describe('checkUrl', () => {
  it('accepts http and https URLs on any port, and writes the default port out', () => {
    expect(checkUrl('https://images.example.org/a.png')).toMatchObject({ hostname: 'images.example.org', port: 443, hostPort: 'images.example.org:443' });
    expect(checkUrl('http://Images.Example.org:8080/a.png')).toMatchObject({ port: 8080, hostPort: 'images.example.org:8080' });
    expect(checkUrl('http://[2606:4700::1]/a.png')).toMatchObject({ hostname: '2606:4700::1', hostPort: '[2606:4700::1]:80' });
  });

  it.each(['file:///etc/passwd', 'ftp://example.org/a.png', 'gopher://example.org/', 'data:image/png;base64,AAAA', 'javascript:alert(1)', '/relative.png', 'not a url'])(
    'refuses %s',
    async (url) => {
      expect(await failureOf(() => checkUrl(url))).toBe('invalid_url');
    },
  );

  it('refuses credentials in the URL', async () => {
    expect(await failureOf(() => checkUrl('https://user:secret@example.org/a.png'))).toBe('invalid_url');
    expect(await failureOf(() => checkUrl('https://user@example.org/a.png'))).toBe('invalid_url');
  });

  it('reads the other spellings of IPv4 literals as the address they are', () => {
    expect(checkUrl('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(checkUrl('http://0x7f.1/').hostname).toBe('127.0.0.1');
  });
});

describe('resolveCheckedAddress', () => {
  const resolving = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a host when any one of its addresses is refused', async () => {
    const target = checkUrl('https://mixed.example.org/a.png');
    expect(await failureOf(() => resolveCheckedAddress(target, policy({ resolve: resolving('93.184.216.34', '10.0.0.5') })))).toBe('refused');
    expect(await failureOf(() => resolveCheckedAddress(target, policy({ resolve: resolving('2606:4700::1', '::1') })))).toBe('refused');
    expect(await resolveCheckedAddress(target, policy({ resolve: resolving('93.184.216.34', '2606:4700::1') }))).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses literal addresses of refused ranges without resolving anything', async () => {
    const resolve = async () => {
      throw new Error('must not resolve a literal');
    };
    for (const url of ['http://127.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/']) {
      expect(await failureOf(() => resolveCheckedAddress(checkUrl(url), policy({ resolve }))), url).toBe('refused');
    }
  });

  it('lets exactly the allowed host:port pairs resolve to private addresses', async () => {
    const allowed = policy({ allowHosts: ['127.0.0.1:4567', 'origin.test:8080'], resolve: resolving('127.0.0.1') });
    expect(await resolveCheckedAddress(checkUrl('http://127.0.0.1:4567/a.png'), allowed)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolveCheckedAddress(checkUrl('http://origin.test:8080/a.png'), allowed)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await failureOf(() => resolveCheckedAddress(checkUrl('http://127.0.0.1:4568/a.png'), allowed))).toBe('refused');
    expect(await failureOf(() => resolveCheckedAddress(checkUrl('http://127.0.0.1/a.png'), allowed))).toBe('refused');
    expect(await failureOf(() => resolveCheckedAddress(checkUrl('http://origin.test:8081/a.png'), allowed))).toBe('refused');
  });

  it('answers host_not_found for a name that does not resolve', async () => {
    const resolve = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    expect(await failureOf(() => resolveCheckedAddress(checkUrl('https://nowhere.invalid/'), policy({ resolve })))).toBe('host_not_found');
  });
});

describe('safeFetch', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/echo') {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => response.writeHead(201).end(`${request.method} ${request.headers['x-test']} ${Buffer.concat(chunks).toString()}`));
        return;
      }
      if (request.url === '/keep-post') return response.writeHead(307, { location: '/echo' }).end();
      if (request.url === '/to-get') return response.writeHead(303, { location: '/echo' }).end();
      if (request.url === '/hello') return response.end(`hello ${request.headers.host}`);
      if (request.url === '/big') return response.end(Buffer.alloc(4096));
      if (request.url === '/loop') return response.writeHead(302, { location: '/loop' }).end();
      response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('connects to the address it checked, not to what a later lookup would say (the name here resolves nowhere else)', async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const response = await safeFetch(`http://pinned.invalid:${port}/hello`, policy({ allowHosts: [`pinned.invalid:${port}`], resolve }));
    expect(response.body.toString()).toBe(`hello pinned.invalid:${port}`);
    expect(lookups).toBe(1);
  });

  it('stops reading past the size limit, and stops following redirects after the limit', async () => {
    const allowed = policy({ allowHosts: [`127.0.0.1:${port}`] });
    expect(await failureOf(() => safeFetch(`http://127.0.0.1:${port}/big`, allowed))).toBe('too_large');
    expect(await failureOf(() => safeFetch(`http://127.0.0.1:${port}/loop`, allowed))).toBe('origin_error');
    expect(await failureOf(() => safeFetch(`http://127.0.0.1:${port}/missing`, allowed))).toBe('origin_error');
  });

  it('POSTs a body with headers; a 307 keeps it, a 303 turns it into a GET without it', async () => {
    const allowed = policy({ allowHosts: [`127.0.0.1:${port}`] });
    const post = { method: 'POST' as const, headers: { 'x-test': 'yes' }, body: Buffer.from('{"a":1}') };
    expect((await safeFetch(`http://127.0.0.1:${port}/echo`, allowed, post)).body.toString()).toBe('POST yes {"a":1}');
    expect((await safeFetch(`http://127.0.0.1:${port}/keep-post`, allowed, post)).body.toString()).toBe('POST yes {"a":1}');
    expect((await safeFetch(`http://127.0.0.1:${port}/to-get`, allowed, post)).body.toString()).toBe('GET yes ');
  });

  it('answers any status and cuts a long body when asked to', async () => {
    const allowed = policy({ allowHosts: [`127.0.0.1:${port}`] });
    const missing = await safeFetch(`http://127.0.0.1:${port}/missing`, allowed, { anyStatus: true });
    expect(missing.status).toBe(404);
    const big = await safeFetch(`http://127.0.0.1:${port}/big`, allowed, { truncate: true });
    expect(big.body).toHaveLength(1024);
  });

  it('refuses the local server when it is not on the allow-list', async () => {
    expect(await failureOf(() => safeFetch(`http://127.0.0.1:${port}/hello`, policy()))).toBe('refused');
    expect(await failureOf(() => safeFetch(`http://localhost:${port}/hello`, policy({ allowHosts: [`127.0.0.1:${port}`] })))).toBe('refused');
  });
});

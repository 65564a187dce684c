import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';
import { clientErrorHandler, frameworkErrors, type ErrorBody } from './plugins/error-handler.js';
import { pageHtmlFor } from './web-page-html.js';

/** Paths that name a static file (assets, icons, manifests…) rather than a page. */
const STATIC_FILE = /^\/assets\/|\.(?:js|mjs|css|map|json|txt|xml|html|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|webmanifest)$/i;

export interface WebServerOptions {
  /** The built SPA (web/dist). */
  root: string;
  /** The API's public base URL, handed to the SPA at runtime. */
  apiUrl: string;
  /** Public base URL of uploaded images; the SPA loads media there directly in rendered markdown. */
  cdnUrl?: string;
  /**
   * The prefix of Cairn's own image proxy (`…/v2/image-proxy?url=`) the SPA routes external
   * markdown images through; undefined when IMAGE_PROXY=off, and those images load from their origin.
   */
  imageProxyUrl?: string;
  /** Optional links the SPA shows (status page, community chat). */
  links?: { statusPageUrl?: string; communityChatUrl?: string };
  /** The captcha the sign-up, sign-in and reset forms load, if any: its script and frames are allowed. */
  captchaProvider?: 'hcaptcha' | 'turnstile';
  /** The sandbox payments processor's public URL: the card forms post cards straight to it. */
  paymentsUrl?: string;
  /** Public URLs of the game-server nodes: server pages open console WebSockets and file calls to them. */
  nodeUrls?: string[];
  logger?: FastifyServerOptions['logger'];
}

/** Where each captcha widget loads its script, frames and API calls from (their documented CSP sources). */
const CAPTCHA_SOURCES: Record<'hcaptcha' | 'turnstile', string[]> = {
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  turnstile: ['https://challenges.cloudflare.com'],
};

/**
 * Serves the built website: hashed assets with long-lived caching, `/runtime-config.js`
 * telling the SPA where the API is, and index.html for every other page (client routing).
 */
export async function buildWebServer(options: WebServerOptions): Promise<FastifyInstance> {
  if (!existsSync(join(options.root, 'index.html'))) {
    throw new Error(`The website has not been built (${options.root}/index.html is missing). Run the build first.`);
  }
  // Errors answer in the API's shape, `{ error, description }`, from the router and HTTP parser too.
  const app = Fastify({ logger: options.logger ?? false, frameworkErrors, clientErrorHandler });
  const apiOrigin = new URL(options.apiUrl).origin;
  // Consoles of servers on own nodes are WebSockets to the API's relay (docs/decisions/0017-node-tunnel.md).
  const apiSocketOrigin = apiOrigin.replace(/^http/, 'ws');
  const cdnOrigin = options.cdnUrl ? [new URL(options.cdnUrl).origin] : [];
  const imageProxyOrigin = options.imageProxyUrl && new URL(options.imageProxyUrl).origin !== apiOrigin ? [new URL(options.imageProxyUrl).origin] : [];
  const captcha = options.captchaProvider ? CAPTCHA_SOURCES[options.captchaProvider] : [];
  const payments = options.paymentsUrl ? [new URL(options.paymentsUrl).origin] : [];
  const nodes = (options.nodeUrls ?? []).flatMap((url) => {
    const origin = new URL(url);
    return [origin.origin, `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`];
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...captcha],
        styleSrc: ["'self'", "'unsafe-inline'", ...captcha],
        // With the proxy on, pages show images from Cairn's own origins only; with it off, markdown
        // images load from wherever they are, so any https origin is allowed (docs/operations.md, "Image proxy").
        imgSrc: ["'self'", 'data:', 'blob:', apiOrigin, ...cdnOrigin, ...imageProxyOrigin, ...(options.imageProxyUrl ? [] : ['https:'])],
        connectSrc: ["'self'", apiOrigin, apiSocketOrigin, ...payments, ...nodes, ...captcha],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://discord.com', ...captcha],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  const runtimeConfig = `window.__CAIRN_CONFIG__ = ${JSON.stringify({ apiUrl: options.apiUrl, cdnUrl: options.cdnUrl, imageProxyUrl: options.imageProxyUrl ?? 'off', ...options.links })};\n`;
  app.get('/runtime-config.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(runtimeConfig),
  );

  // Wildcard serving looks each file up on request rather than listing web/dist once at
  // start-up, so a rebuild in place (new hashed names in a fresh index.html) is served at once.
  // @fastify/static refuses `..`, dot-files and paths outside the root.
  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    wildcard: true,
    dotfiles: 'deny',
    // Page paths (including "/" and trailing slashes) fall through to the SPA below.
    allowedPath: (pathname) => STATIC_FILE.test(pathname),
    setHeaders: (response, path) => {
      const immutable = path.includes(`${join(options.root, 'assets')}`);
      response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const pageHtml = pageHtmlFor(options.root);
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(405)
        .header('allow', 'GET, HEAD')
        .send({ error: 'method_not_allowed', description: `The website answers GET and HEAD, not ${request.method}` } satisfies ErrorBody);
    }
    // A missing asset is a 404; any other path is a page of the SPA, even one that ends in a
    // version number such as /mod/x/version/1.3.0.
    if (STATIC_FILE.test(request.url.split('?')[0] ?? '')) {
      return reply.code(404).send({ error: 'not_found', description: 'There is no such file' } satisfies ErrorBody);
    }
    const html = pageHtml(request.url.split('?')[0] ?? '/');
    reply.header('cache-control', 'no-cache').header('etag', html.etag);
    if (request.headers['if-none-match'] === html.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html.body);
  });

  // @fastify/static's errors: 403 for `..`, NUL and dot-files, 416 (with Content-Range) for a Range
  // past the end of the file.
  app.setErrorHandler((error: FastifyError & { headers?: Record<string, string> }, request, reply) => {
    const status = error.statusCode ?? 500;
    const send = (code: number, body: ErrorBody) => reply.code(code).send(body);
    if (status === 403) return send(403, { error: 'forbidden', description: 'This path is not served' });
    if (status === 416) {
      const range = error.headers?.['Content-Range'];
      if (range) reply.header('content-range', range);
      return send(416, { error: 'range_not_satisfiable', description: 'The Range header asks for bytes the file does not have' });
    }
    if (status >= 400 && status < 500) return send(status, { error: 'invalid_input', description: 'The request is not valid' });
    request.log.error({ err: error }, 'unexpected error');
    return send(500, { error: 'internal_error', description: 'An internal error occurred. Please try again later.' });
  });
  return app;
}

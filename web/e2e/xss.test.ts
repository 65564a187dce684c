import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, siteUrl } from './browser';
import { openOutbox } from './outbox';
import { AUDIT_RULES, auditRenderedMarkup } from './xss/audit';
import { corpusDocuments } from './xss/corpus-document';
import { MARKER_HOST, XSS_VECTORS } from './xss/vectors';

/**
 * The XSS corpus (xss/vectors.ts) stored as real project descriptions through the API, opened
 * by their owner in Chromium and rendered by the site's own markdown renderer and sanitiser.
 * Every vector calls `__xss(id)`, a dialog function or the marker host if it ever runs; the page
 * is then scrolled, hovered, tabbed through, and every element is sent the events inline
 * handlers listen for. Nothing may fire, and the rendered DOM may keep nothing the spec §5
 * allow-list forbids.
 *
 * The site's content security policy would block inline script by itself and so hide a hole in
 * the sanitiser: the browser context bypasses it, leaving the sanitiser as the only defence.
 */

/** Hooks installed in every frame before any page script: each reports to the test. */
const HOOKS = `(() => {
  const report = (kind, value) => {
    try { window.__xssHit(kind, String(value)); } catch {}
    try { new Image().src = 'https://${MARKER_HOST}/hook/' + kind + '/' + encodeURIComponent(String(value)); } catch {}
  };
  Object.defineProperty(window, '__xss', { value: (id) => report('hook', id), writable: false, configurable: false });
  for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = (value) => report(name, value);
})();`;

/** Events whose inline handlers an attacker would reach for; each element of the content gets all of them. */
const POKED_EVENTS = [
  'mouseover', 'mouseenter', 'mousemove', 'mousedown', 'mouseup', 'mouseout', 'mouseleave', 'click', 'dblclick', 'contextmenu', 'auxclick',
  'pointerover', 'pointerenter', 'pointerdown', 'pointerup', 'focus', 'focusin', 'blur', 'focusout', 'keydown', 'keyup', 'keypress',
  'input', 'change', 'toggle', 'load', 'error', 'scroll', 'wheel', 'copy', 'paste', 'drag', 'dragstart', 'drop', 'animationstart',
  'animationend', 'transitionend', 'begin', 'play', 'loadstart', 'canplay', 'select', 'search', 'beforetoggle', 'close', 'invalid',
];

const PART_MAX_CHARS = 60_000;
const isMarkerHost = (hostname: string) => hostname === MARKER_HOST || hostname.endsWith(`.${MARKER_HOST}`);
const iframePatterns = AUDIT_RULES.iframeSources.map((source) => new RegExp(source));

describe.skipIf(!browserAvailable)('the XSS corpus in a real browser', () => {
  const suffix = Date.now().toString(36);
  const storable = XSS_VECTORS.filter((v) => !v.source.includes('\u0000'));
  const documents = corpusDocuments(storable, PART_MAX_CHARS);
  const slugs = documents.map((_, index) => `xss-corpus-${suffix}-${index + 1}`);
  const hits: string[] = [];
  const markerRequests: string[] = [];
  const frameProblems: string[] = [];
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session = '';

  function createProject(slug: string, title: string, body: string): Promise<Response> {
    const form = new FormData();
    const data = { slug, title, description: 'Sanitiser regression vectors.', body, categories: ['utility'], client_side: 'required', server_side: 'optional', license_id: 'MIT', is_draft: true };
    form.append('data', JSON.stringify(data));
    return fetch(`${apiUrl}/v2/project`, { method: 'POST', body: form, headers: { Authorization: session } });
  }

  beforeAll(async () => {
    const account = { username: `xss_${suffix}`, email: `xss_${suffix}@example.com`, password: `Basalt-Heron-${suffix}-Mossy` };
    const signUp = await fetch(`${apiUrl}/v2/auth/create`, { method: 'POST', body: JSON.stringify(account), headers: { 'Content-Type': 'application/json' } });
    if (!signUp.ok) throw new Error(`Sign-up: ${signUp.status} ${await signUp.text()}`);
    ({ session } = (await signUp.json()) as { session: string });
    // Projects need a verified email: follow the link the product mailed.
    const outbox = await openOutbox();
    const link = await outbox.latestLink(account.email, 'verify_email').finally(() => outbox.close());
    const flow = new URL(link).searchParams.get('flow') ?? '';
    const verified = await fetch(`${apiUrl}/v2/auth/email/verify`, { method: 'POST', body: JSON.stringify({ flow }), headers: { 'Content-Type': 'application/json' } });
    if (!verified.ok) throw new Error(`Email verification: ${verified.status} ${await verified.text()}`);
    for (const [index, body] of documents.entries()) {
      const response = await createProject(slugs[index] ?? '', `XSS corpus part ${index + 1}`, body);
      if (!response.ok) throw new Error(`Creating corpus part ${index + 1}: ${response.status} ${await response.text()}`);
    }

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.addCookies([{ name: 'cairn_session', value: session, url: apiUrl, httpOnly: true, sameSite: 'Lax' }]);
    await context.exposeFunction('__xssHit', (kind: string, value: string) => hits.push(`${kind}(${value})`));
    await context.addInitScript({ content: HOOKS });
    const ownOrigins = new Set([new URL(siteUrl).origin, new URL(apiUrl).origin]);
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (isMarkerHost(url.hostname)) {
        markerRequests.push(url.href);
        return route.fulfill({ status: 204 });
      }
      if (ownOrigins.has(url.origin)) return route.continue();
      // The allowed embeds get an empty page (no network here); every other outside request fails.
      if (iframePatterns.some((pattern) => pattern.test(url.href))) return route.fulfill({ status: 200, contentType: 'text/html', body: '' });
      return route.abort();
    });
    context.on('page', (opened) => {
      if (opened !== page) frameProblems.push(`a new window opened: ${opened.url()}`);
    });
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      hits.push(`dialog ${dialog.type()}(${dialog.message()})`);
      void dialog.dismiss();
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) return;
      const url = frame.url();
      if (url !== 'about:blank' && !iframePatterns.some((pattern) => pattern.test(url))) frameProblems.push(`a frame loaded ${url.slice(0, 120)}`);
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** Sends every element the events above, focuses and clicks it; links only follow javascript: URLs. */
  async function pokeEverything(content: Locator) {
    await content.evaluate((root, events) => {
      document.addEventListener(
        'click',
        (event) => {
          const link = event.target instanceof Element ? event.target.closest('a, area') : null;
          if (!(link instanceof HTMLAnchorElement || link instanceof HTMLAreaElement) || link.protocol !== 'javascript:') event.preventDefault();
        },
        true,
      );
      document.addEventListener('submit', (event) => event.preventDefault(), true);
      for (const element of Array.from(root.querySelectorAll('*'))) {
        for (const type of events) element.dispatchEvent(new Event(type, { bubbles: true }));
        if (element instanceof HTMLElement) {
          element.focus();
          element.click();
        }
        if (element instanceof HTMLDetailsElement) element.open = !element.open;
      }
    }, POKED_EVENTS);
  }

  /** Real input as well: scroll the whole page while the pointer sweeps across it, then tab through it. */
  async function sweepWithPointer() {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 1200) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.mouse.move(100, 100);
      await page.mouse.move(1100, 800, { steps: 4 });
    }
    for (let press = 0; press < 20; press++) await page.keyboard.press('Tab');
  }

  it('refuses to store the vectors with a NUL byte', async () => {
    const withNul = XSS_VECTORS.filter((v) => v.source.includes('\u0000'));
    expect(withNul.length).toBeGreaterThan(0);
    for (const vector of withNul) {
      const response = await createProject(`xss-nul-${suffix}-${vector.id}`, `NUL vector ${vector.id}`, vector.source);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { description: string }).description).toMatch(/body.*NUL/);
    }
  });

  it.each(documents.map((_, index) => index))('renders corpus part %i harmlessly', async (index) => {
    const startHits = hits.length;
    const startMarkers = markerRequests.length;
    const startFrames = frameProblems.length;
    await page.goto(`${siteUrl}/mod/${slugs[index]}`);
    const content = page.getByRole('region', { name: 'Description' }).locator(':scope > div');
    const body = documents[index] ?? '';
    const expectedMarkers = XSS_VECTORS.filter((v) => !v.endsDocument && body.includes(`id="${AUDIT_RULES.endMarkerPrefix}${v.id}"`)).map((v) => v.id);
    await content.waitFor({ state: 'attached' });
    // The renderer is lazy-loaded; the last end marker means the whole description is in.
    if (expectedMarkers.length > 0) await content.locator(`#${AUDIT_RULES.endMarkerPrefix}${expectedMarkers.at(-1)}`).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');

    await pokeEverything(content);
    await sweepWithPointer();
    // Image errors, media events and frame loads arrive asynchronously.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);

    // Soft, so one run reports everything that went wrong: execution, markup and coverage.
    expect.soft(page.url(), 'the page navigated away').toBe(`${siteUrl}/mod/${slugs[index]}`);
    const { findings, endMarkers } = await content.evaluate(auditRenderedMarkup, AUDIT_RULES);
    const describeVector = (id: number | null) => (id === null ? 'after the last vector' : `#${id} ${XSS_VECTORS[id - 1]?.source.slice(0, 70)}`);
    expect.soft(findings.map((finding) => `${describeVector(finding.vector)}: ${finding.problem}`)).toEqual([]);
    expect.soft(expectedMarkers.filter((id) => !endMarkers.includes(id)).map(describeVector), 'vectors whose end marker is missing').toEqual([]);
    expect.soft(endMarkers).toEqual(expectedMarkers);
    expect.soft(hits.slice(startHits), 'hooks or dialogs fired').toEqual([]);
    expect.soft(markerRequests.slice(startMarkers), 'requests to the marker host').toEqual([]);
    expect.soft(frameProblems.slice(startFrames)).toEqual([]);
  });

  it('notices execution, marker requests and hostile markup when the sanitiser is bypassed', async () => {
    const startHits = hits.length;
    const startMarkers = markerRequests.length;
    const content = page.getByRole('region', { name: 'Description' }).locator(':scope > div');
    await content.evaluate((root) => {
      // Straight into the DOM, past the renderer: what a hole in the sanitiser would let through.
      root.insertAdjacentHTML('beforeend', '<img src="/no-such-image.png" onerror="__xss(0)"><img src="https://xss.invalid/control" alt=""><a href="javascript:__xss(-1)">control</a>');
    });
    await content.locator('a[href^="javascript:"]').click();
    await expect.poll(() => hits.slice(startHits)).toEqual(expect.arrayContaining(['hook(0)', 'hook(-1)']));
    await expect.poll(() => markerRequests.slice(startMarkers)).toContain(`https://${MARKER_HOST}/control`);
    const { findings } = await content.evaluate(auditRenderedMarkup, AUDIT_RULES);
    expect(findings.map((finding) => finding.problem)).toEqual(expect.arrayContaining([expect.stringContaining('onerror'), expect.stringContaining('javascript:')]));
  });
});

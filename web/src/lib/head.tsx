import { createContext, useContext, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_LOCALE, localizedUrl } from './i18n/locales';
import { useLocale } from './i18n/i18n-provider';

/**
 * Head tags per page: every route calls `useHead({ title, description, noindex, feeds })`. The deepest
 * (last mounted) caller wins; updates are applied to document.head after a short debounce, so a
 * navigation that unmounts one page and mounts the next writes the head once.
 */
const SITE_NAME = 'Cairn';
export const DEFAULT_DESCRIPTION =
  'Cairn is an open platform to discover, download and publish community-made game add-ons: mods, modpacks, plugins, resource packs, shaders and data packs.';
const HEAD_DEBOUNCE_MS = 10;

interface HeadInput {
  /** Page title without the site name; omit for the site's own title. */
  title?: string;
  description?: string;
  /** Pages that must not be indexed: private, unlisted or signed-in content, errors. */
  noindex?: boolean;
  /** Path of the canonical URL when it differs from the current one (e.g. slug instead of id). */
  canonicalPath?: string;
  /** Atom feeds of the page (`<link rel="alternate" type="application/atom+xml">`), for feed readers. */
  feeds?: readonly FeedLink[];
}

/** One feed a page offers: its title and absolute URL. */
export interface FeedLink {
  title: string;
  href: string;
}

export const FEED_TYPE = 'application/atom+xml';

interface ResolvedHead {
  title: string;
  description: string;
  noindex: boolean;
  /** Absent for the site-wide fallback (no page has set its head). */
  canonicalUrl?: string;
  /** hreflang → URL, including `x-default`. */
  alternates: ReadonlyArray<{ hreflang: string; href: string }>;
  feeds: readonly FeedLink[];
}

const MANAGED = 'data-cairn-head';

function upsert(doc: Document, selector: string, create: () => HTMLElement): HTMLElement {
  const existing = doc.head.querySelector<HTMLElement>(selector);
  if (existing) return existing;
  const element = create();
  element.setAttribute(MANAGED, '');
  doc.head.append(element);
  return element;
}

/** Writes title, description, robots, canonical and alternate links. */
export function applyHead(doc: Document, head: ResolvedHead): void {
  doc.title = head.title;
  upsert(doc, 'meta[name="description"]', () => Object.assign(doc.createElement('meta'), { name: 'description' })).setAttribute(
    'content',
    head.description,
  );
  const robots = doc.head.querySelector('meta[name="robots"]');
  if (head.noindex) {
    upsert(doc, 'meta[name="robots"]', () => Object.assign(doc.createElement('meta'), { name: 'robots' })).setAttribute(
      'content',
      'noindex',
    );
  } else robots?.remove();
  if (head.canonicalUrl) {
    upsert(doc, 'link[rel="canonical"]', () => Object.assign(doc.createElement('link'), { rel: 'canonical' })).setAttribute(
      'href',
      head.canonicalUrl,
    );
  } else doc.head.querySelector('link[rel="canonical"]')?.remove();
  doc.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((link) => link.remove());
  for (const { hreflang, href } of head.alternates) {
    const link = Object.assign(doc.createElement('link'), { rel: 'alternate', hreflang, href });
    link.setAttribute(MANAGED, '');
    doc.head.append(link);
  }
  // Only the links this hook wrote: a page may render its own feed link (the news changelog does).
  doc.head.querySelectorAll(`link[rel="alternate"][type="${FEED_TYPE}"][${MANAGED}]`).forEach((link) => link.remove());
  for (const { title, href } of head.feeds) {
    const link = Object.assign(doc.createElement('link'), { rel: 'alternate', type: FEED_TYPE, title, href });
    link.setAttribute(MANAGED, '');
    doc.head.append(link);
  }
}

export function resolveHead(input: HeadInput, pathname: string, locale: string, origin: string): ResolvedHead {
  const path = input.canonicalPath ?? pathname;
  const base = `${origin}${path}`;
  return {
    title: input.title ? `${input.title} – ${SITE_NAME}` : SITE_NAME,
    description: input.description ?? DEFAULT_DESCRIPTION,
    noindex: input.noindex ?? false,
    canonicalUrl: localizedUrl(base, locale),
    // Only English is bundled, so the default-locale page is the one alternate besides x-default.
    alternates: [
      { hreflang: 'x-default', href: base },
      { hreflang: DEFAULT_LOCALE, href: localizedUrl(base, DEFAULT_LOCALE) },
    ],
    feeds: input.feeds ?? [],
  };
}

interface HeadRegistry {
  set(key: string, head: ResolvedHead): void;
  remove(key: string): void;
}

const HeadContext = createContext<HeadRegistry | null>(null);

/** What the head shows while no mounted page has set its own. */
const SITE_HEAD: ResolvedHead = { title: SITE_NAME, description: DEFAULT_DESCRIPTION, noindex: false, alternates: [], feeds: [] };

export function HeadProvider({ children }: { children: ReactNode }) {
  const entries = useRef(new Map<string, ResolvedHead>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  const registry = useMemo<HeadRegistry>(() => {
    const schedule = () => {
      clearTimeout(timer.current);
      // Pages unmounting with the whole app (tests, teardown) must not touch the head afterwards.
      if (!mounted.current) return;
      timer.current = setTimeout(() => {
        applyHead(document, [...entries.current.values()].at(-1) ?? SITE_HEAD);
      }, HEAD_DEBOUNCE_MS);
    };
    return {
      set(key, head) {
        // Re-inserting moves the key to the end: the most recent page wins.
        entries.current.delete(key);
        entries.current.set(key, head);
        schedule();
      },
      remove(key) {
        entries.current.delete(key);
        schedule();
      },
    };
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);
  return <HeadContext.Provider value={registry}>{children}</HeadContext.Provider>;
}

/** Sets the page's head tags while the calling component is mounted. */
export function useHead(input: HeadInput): void {
  const registry = useContext(HeadContext);
  if (!registry) throw new Error('useHead must be used inside <HeadProvider>');
  const key = useId();
  const { pathname } = useLocation();
  const locale = useLocale();
  const { title, description, noindex, canonicalPath } = input;
  // Compared by value: callers build the list on every render.
  const feedsKey = JSON.stringify(input.feeds ?? []);
  useEffect(() => {
    const feeds = JSON.parse(feedsKey) as FeedLink[];
    registry.set(key, resolveHead({ title, description, noindex, canonicalPath, feeds }, pathname, locale, window.location.origin));
  }, [registry, key, title, description, noindex, canonicalPath, feedsKey, pathname, locale]);
  useEffect(() => () => registry.remove(key), [registry, key]);
}

import { useEffect } from 'react';

/**
 * `<link rel="alternate" type="application/atom+xml">` in the document head for each feed while
 * mounted, so feed readers and browsers find the changelog's Atom feeds from its pages.
 */
export function FeedLinks({ feeds }: { feeds: ReadonlyArray<{ title: string; href: string }> }) {
  const key = JSON.stringify(feeds);
  useEffect(() => {
    const links = (JSON.parse(key) as Array<{ title: string; href: string }>).map(({ title, href }) => {
      const link = Object.assign(document.createElement('link'), { rel: 'alternate', type: 'application/atom+xml', title, href });
      document.head.append(link);
      return link;
    });
    return () => links.forEach((link) => link.remove());
  }, [key]);
  return null;
}

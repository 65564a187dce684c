import type { AnchorHTMLAttributes } from 'react';
import { useCosmetics } from '../../lib/preferences';

type ExternalLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; /** Always open in a new tab (e.g. Terms from an error page). */ newTab?: boolean };

/** A link to another site: opens in a new tab when the user's "external links in new tab" preference is on. */
export function ExternalLink({ newTab, rel, children, ...rest }: ExternalLinkProps) {
  const { cosmetics } = useCosmetics();
  const inNewTab = newTab ?? cosmetics.externalLinksNewTab;
  return (
    <a {...rest} rel={[rel, 'noopener noreferrer'].filter(Boolean).join(' ')} target={inNewTab ? '_blank' : undefined}>
      {children}
    </a>
  );
}

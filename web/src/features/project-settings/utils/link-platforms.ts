/**
 * The donation platform a link points to, from its host (and path for sponsorship pages), so a
 * pasted URL picks its platform by itself. Undefined for hosts with no platform of their own.
 */
const HOST_PLATFORMS: ReadonlyArray<{ hosts: readonly string[]; platform: string; path?: RegExp }> = [
  { hosts: ['patreon.com'], platform: 'patreon' },
  { hosts: ['ko-fi.com'], platform: 'ko-fi' },
  { hosts: ['paypal.com', 'paypal.me'], platform: 'paypal' },
  { hosts: ['buymeacoffee.com'], platform: 'bmac' },
  { hosts: ['github.com'], platform: 'github', path: /^\/sponsors\// },
];

export function detectDonationPlatform(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const entry = HOST_PLATFORMS.find(({ hosts }) => hosts.some((h) => host === h || host.endsWith(`.${h}`)));
  if (!entry) return undefined;
  if (entry.path && !entry.path.test(parsed.pathname)) return undefined;
  return entry.platform;
}

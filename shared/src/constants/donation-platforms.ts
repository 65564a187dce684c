/** Donation link platforms: `short` is the id stored on a project's donation link. */
export const DONATION_PLATFORMS = [
  { short: 'patreon', name: 'Patreon' },
  { short: 'bmac', name: 'Buy Me A Coffee' },
  { short: 'paypal', name: 'PayPal' },
  { short: 'github', name: 'GitHub Sponsors' },
  { short: 'ko-fi', name: 'Ko-fi' },
  { short: 'other', name: 'Other' },
] as const;

export type DonationPlatform = (typeof DONATION_PLATFORMS)[number]['short'];

export const DONATION_PLATFORM_IDS: readonly DonationPlatform[] = DONATION_PLATFORMS.map((p) => p.short);

export function donationPlatformName(short: string): string | undefined {
  return DONATION_PLATFORMS.find((p) => p.short === short)?.name;
}

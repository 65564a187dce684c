import { isHttpsUrl } from '@cairn/shared/schemas/projects';
import { defineCheck } from '../review-check.js';

/** The field a link is edited as (`issues_url`, or `donation_urls` for a donation platform). */
const fieldOf = (link: { platform: string; donation: boolean }) => (link.donation ? 'donation_urls' : `${link.platform}_url`);

/**
 * Every external link (issues, source, wiki, Discord, donations) is a well-formed https URL.
 * Links are parsed, never fetched: a review must not make Cairn call addresses teams choose.
 */
export const linksCheck = defineCheck('links', ({ links }) => {
  if (links.length === 0) return { status: 'pass', reason: 'none', message: 'The project has no external links.' };
  const broken = links.filter((link) => !isHttpsUrl(link.url));
  if (broken.length === 0) return { status: 'pass', reason: 'ok', message: 'Every link is a well-formed https URL.' };
  return {
    status: 'fail',
    reason: 'malformed',
    message: `Not well-formed https URLs: ${broken.map((link) => link.platform).join(', ')}.`,
    items: broken.map((link) => ({ subject: link.platform, fix: { kind: 'settings', section: 'links', field: fieldOf(link) } as const })),
    fix: { kind: 'settings', section: 'links', field: null },
  };
});

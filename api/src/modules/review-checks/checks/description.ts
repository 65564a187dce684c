import { MIN_DESCRIPTION_CHARACTERS } from '@cairn/shared/schemas/review-checks';
import { defineCheck } from '../review-check.js';

/**
 * Characters of prose in a markdown description: heading lines (a placeholder is often only
 * headings), images, HTML tags, link targets and markup characters do not count; runs of
 * white space count once.
 */
export function descriptionProseLength(body: string): number {
  const text = body
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return [...text].length;
}

/** The description (body) says enough about the project: at least MIN_DESCRIPTION_CHARACTERS of prose. */
export const descriptionCheck = defineCheck('description', ({ project }) => {
  const length = descriptionProseLength(project.body);
  const fix = { kind: 'settings', section: 'description', field: 'body' } as const;
  const values = { length, minimum: MIN_DESCRIPTION_CHARACTERS };
  if (length === 0) return { status: 'fail', reason: 'missing', message: 'The project has no description.', values, fix };
  if (length < MIN_DESCRIPTION_CHARACTERS) {
    return {
      status: 'fail',
      reason: 'too_short',
      message: `The description has ${length} characters of text; at least ${MIN_DESCRIPTION_CHARACTERS} are needed.`,
      values,
      fix,
    };
  }
  return { status: 'pass', reason: 'ok', message: 'The description is long enough.', values };
});

import { PROJECT_TYPES } from '@cairn/shared/constants/project-types';
import type { ReportItemType } from '@cairn/shared/schemas/reports';

export interface ReportTarget {
  type: ReportItemType;
  id: string;
}

const PROJECT_SEGMENTS = new Set<string>([...PROJECT_TYPES, 'project']);

/**
 * What the "ID or link" field names: a pasted Cairn page address (a project, one of its versions,
 * a user profile) wins over the chosen content type; anything else is an id of that type.
 */
export function parseReportTarget(input: string, chosenType: ReportItemType): ReportTarget | null {
  const text = input.trim();
  if (text === '') return null;
  if (!text.includes('/')) return { type: chosenType, id: text };
  let pathname: string;
  try {
    pathname = new URL(text, 'https://cairn.invalid').pathname;
  } catch {
    return null;
  }
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, third, fourth] = segments;
  if (first === 'user' && second) return { type: 'user', id: second };
  if (first && PROJECT_SEGMENTS.has(first) && second) {
    if (third === 'version' && fourth) return { type: 'version', id: fourth };
    return { type: 'project', id: second };
  }
  return null;
}

/** Reasons a report can give (spec §3), as machine names sent in `report_type`. */
export const REPORT_TYPES = [
  'spam',
  'copyright',
  'inappropriate',
  'malicious',
  'name-squatting',
  'poor-description',
  'invalid-metadata',
  'other',
] as const;

export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Readonly<Record<ReportType, string>> = {
  spam: 'Spam',
  // The report form words copyright claims as re-uploads; takedown notices go through the copyright policy.
  copyright: 'Reuploaded work',
  inappropriate: 'Inappropriate',
  malicious: 'Malicious',
  'name-squatting': 'Name squatting',
  'poor-description': 'Poor description',
  'invalid-metadata': 'Invalid metadata',
  other: 'Other',
};

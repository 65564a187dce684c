/**
 * The content rules (web/content/legal/rules.md) by their stable anchors, in the order a reviewer
 * meets them: `/legal/rules#<anchor>` is the link review messages and reports use.
 */
export const CONTENT_RULE_ANCHORS = [
  'naming',
  'summary',
  'description',
  'project-links',
  'license',
  'tags',
  'environment',
  'gallery',
  'files',
  'permissions',
  'malware',
  'prohibited-content',
  'generated-content',
  'enforcement',
] as const;
export type ContentRuleAnchor = (typeof CONTENT_RULE_ANCHORS)[number];

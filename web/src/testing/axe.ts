import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core over a rendered tree and fails with the rule ids and offending markup.
 * Colour contrast is left to the browser tests: jsdom does not compute styles.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const violations = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
  expect(violations).toEqual([]);
}

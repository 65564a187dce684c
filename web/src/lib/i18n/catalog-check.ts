import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

// Used by the build (vite.config.ts) and the tests, never by the app: the parser stays out of the bundle.

/** What must agree between a message and its translation. */
interface MessageShape {
  /** `name:kind` of every argument, e.g. `count:plural`, `when:date`. */
  args: string[];
  /** Rich-text tags (`<link>…</link>`). */
  tags: string[];
  /** `name:key` of every select branch (plural branches follow each language's rules and may differ). */
  selectBranches: string[];
}

const KINDS: Record<number, string> = { 1: 'argument', 2: 'number', 3: 'date', 4: 'time', 5: 'select', 6: 'plural' };

function collect(elements: MessageFormatElement[], shape: { args: Set<string>; tags: Set<string>; selectBranches: Set<string> }): void {
  for (const element of elements) {
    const kind = KINDS[element.type];
    if (kind && 'value' in element && typeof element.value === 'string') shape.args.add(`${element.value}:${kind}`);
    if (element.type === 8) {
      shape.tags.add(element.value);
      collect(element.children, shape);
    }
    if (element.type === 5 || element.type === 6) {
      for (const [key, option] of Object.entries(element.options)) {
        if (element.type === 5) shape.selectBranches.add(`${element.value}:${key}`);
        collect(option.value, shape);
      }
    }
  }
}

function shapeOf(message: string): MessageShape {
  const shape = { args: new Set<string>(), tags: new Set<string>(), selectBranches: new Set<string>() };
  collect(parse(message), shape);
  return { args: [...shape.args].sort(), tags: [...shape.tags].sort(), selectBranches: [...shape.selectBranches].sort() };
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The problems of a translated catalog against the English one: keys missing or extra, messages
 * that do not parse, and messages whose arguments, tags or select branches differ. Empty when the
 * translation is complete and every message takes what the English one takes.
 */
export function catalogProblems(english: Record<string, string>, translated: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`${key}: not in the English catalog`);
  for (const [key, source] of Object.entries(english)) {
    const target = translated[key];
    if (target === undefined) {
      problems.push(`${key}: missing`);
      continue;
    }
    let expected: MessageShape;
    let actual: MessageShape;
    try {
      expected = shapeOf(source);
      actual = shapeOf(target);
    } catch (error) {
      problems.push(`${key}: does not parse (${(error as Error).message})`);
      continue;
    }
    if (!same(expected.args, actual.args)) problems.push(`${key}: arguments ${actual.args.join(', ') || 'none'} instead of ${expected.args.join(', ') || 'none'}`);
    if (!same(expected.tags, actual.tags)) problems.push(`${key}: tags ${actual.tags.join(', ') || 'none'} instead of ${expected.tags.join(', ') || 'none'}`);
    if (!same(expected.selectBranches, actual.selectBranches)) problems.push(`${key}: select branches ${actual.selectBranches.join(', ')} instead of ${expected.selectBranches.join(', ')}`);
  }
  return problems;
}

import { numberFormat } from '@cairn/shared/format/intl-cache';

interface AmountSyntax {
  /** The locale's own way: its digits, group and decimal separators. */
  local: RegExp;
  /** "1,200.05": also understood everywhere, but only when the text has a decimal point (see below). */
  english: RegExp;
  digits: readonly string[];
}

const syntaxes = new Map<string, AmountSyntax>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** People type a plain space or apostrophe where the locale groups with a no-break space or ’. */
function groupPattern(group: string): string {
  if (/\s/.test(group)) return '\\s';
  if (group === '’' || group === "'") return "['’]";
  return escapeRegExp(group);
}

function amountPattern(group: string, decimal: string, fractionDigits: number): RegExp {
  const fraction = fractionDigits > 0 ? `(?:${escapeRegExp(decimal)}(\\d{1,${fractionDigits}}))?` : '';
  return new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)${fraction}$`);
}

function syntaxOf(locale: string, fractionDigits: number): AmountSyntax {
  const key = `${locale}|${fractionDigits}`;
  let syntax = syntaxes.get(key);
  if (!syntax) {
    const parts = numberFormat(locale).formatToParts(1234567.5);
    const group = parts.find((part) => part.type === 'group')?.value ?? ',';
    const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    const plain = numberFormat(locale, { useGrouping: false });
    syntax = {
      local: amountPattern(groupPattern(group), decimal, fractionDigits),
      english: amountPattern(',', '.', fractionDigits),
      digits: Array.from({ length: 10 }, (_, digit) => plain.format(digit)),
    };
    syntaxes.set(key, syntax);
  }
  return syntax;
}

/** The text without one currency sign before or after it ("$12.50", "12,50 €"). */
function withoutCurrencySign(text: string): string {
  const before = /^\p{Sc}\s*/u.exec(text);
  if (before) return text.slice(before[0].length);
  const after = /\s*\p{Sc}$/u.exec(text);
  return after ? text.slice(0, after.index) : text;
}

/**
 * A typed amount in minor units (cents for two `fractionDigits`, whole yen for none), read in
 * `locale` ("1.234,50" in de-DE) or, when the text has a decimal point, in English ("1,234.50",
 * "12.50"). A German "1,234" stays refused rather than read as 1234: it is a mistyped 1,23 as
 * likely as an English thousand. Undefined when the text is not an amount.
 */
export function parseAmount(text: string, locale: string, fractionDigits: number): number | undefined {
  const syntax = syntaxOf(locale, fractionDigits);
  let body = withoutCurrencySign(text.trim());
  syntax.digits.forEach((digit, value) => {
    if (digit !== String(value)) body = body.replaceAll(digit, String(value));
  });
  const match = syntax.local.exec(body) ?? (body.includes('.') ? syntax.english.exec(body) : null);
  if (!match) return undefined;
  const whole = Number(match[1]!.replace(/\D/g, ''));
  const fraction = Number((match[2] ?? '').padEnd(fractionDigits, '0') || '0');
  const total = whole * 10 ** fractionDigits + fraction;
  return Number.isSafeInteger(total) ? total : undefined;
}

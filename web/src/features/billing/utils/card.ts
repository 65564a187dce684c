import type { CardBrand } from '@cairn/shared/schemas/billing';

/** Card number digits only (spaces and dashes people type are dropped). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const inRange = (digits: string, length: number, low: number, high: number) => {
  const prefix = Number(digits.slice(0, length));
  return digits.length >= length && prefix >= low && prefix <= high;
};

/** The brand a number's leading digits belong to, for the icon beside the field (the processor decides for real). */
export function detectCardBrand(input: string): CardBrand {
  const digits = cardDigits(input);
  if (/^3[47]/.test(digits)) return 'amex';
  if (inRange(digits, 4, 3528, 3589)) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'discover';
  if (/^(5[1-5])/.test(digits) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (digits.startsWith('6280')) return 'eftpos';
  if (/^(62|81)/.test(digits)) return 'unionpay';
  if (digits.startsWith('4')) return 'visa';
  return 'unknown';
}

/** How many digits a card of this brand has (the longest when several lengths exist). */
export function cardNumberLengths(brand: CardBrand): readonly number[] {
  if (brand === 'amex') return [15];
  if (brand === 'diners') return [14, 16];
  if (brand === 'unionpay') return [16, 17, 18, 19];
  return [16];
}

export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

/** "MM/YY" or "MM / YYYY" → month and four-digit year, or undefined when it is not a date. */
export function parseExpiry(input: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired({ month, year }: { month: number; year: number }, now: Date = new Date()): boolean {
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

/** Groups of four for reading ("4242 4242 4242 4242"); Amex as 4-6-5. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).replace(/\D/g, '').slice(0, 19);
  if (detectCardBrand(digits) === 'amex') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

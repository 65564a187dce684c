/** Card checks of the sandbox: Luhn, expiry, brand detection and the behaviour of the test numbers. */

export type SandboxBrand = 'amex' | 'diners' | 'discover' | 'eftpos' | 'jcb' | 'mastercard' | 'unionpay' | 'visa' | 'unknown';

/** How a saved card behaves when charged (derived once from the number, which is then dropped). */
export type CardBehaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'fails_off_session' | 'requires_3ds';

const BEHAVIOURS: Record<string, CardBehaviour> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000341': 'fails_off_session',
  '4000002500003155': 'requires_3ds',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const inRange = (prefix: number, low: number, high: number) => prefix >= low && prefix <= high;

/** Brand by issuer prefix. EFTPOS and UnionPay's co-branded ranges are checked before the wider ones. */
export function detectBrand(digits: string): SandboxBrand {
  const p2 = Number(digits.slice(0, 2));
  const p3 = Number(digits.slice(0, 3));
  const p4 = Number(digits.slice(0, 4));
  const p6 = Number(digits.slice(0, 6));
  if (inRange(p6, 628000, 628099)) return 'eftpos';
  if (p2 === 62 || p2 === 81) return 'unionpay';
  if (p2 === 34 || p2 === 37) return 'amex';
  if (p2 === 36 || p2 === 38 || p2 === 39 || inRange(p3, 300, 305) || p3 === 309) return 'diners';
  if (inRange(p4, 3528, 3589)) return 'jcb';
  if (p4 === 6011 || p2 === 65 || inRange(p3, 644, 649)) return 'discover';
  if (inRange(p2, 51, 55) || inRange(p4, 2221, 2720)) return 'mastercard';
  if (digits.startsWith('4')) return 'visa';
  return 'unknown';
}

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type CardCheck =
  | { ok: true; brand: SandboxBrand; last4: string; expMonth: number; expYear: number; behaviour: CardBehaviour }
  | { ok: false; code: string; message: string };

export function checkCard(card: CardInput, now: Date): CardCheck {
  const digits = String(card.number).replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    return { ok: false, code: 'incorrect_number', message: 'The card number is not valid.' };
  }
  const month = Number(card.exp_month);
  let year = Number(card.exp_year);
  if (year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return { ok: false, code: 'invalid_expiry_month', message: "The card's expiry month is not valid." };
  }
  // A card is valid through the last day of its expiry month.
  const endOfExpiry = Date.UTC(year, month, 1);
  if (!Number.isInteger(year) || endOfExpiry <= now.getTime()) {
    return { ok: false, code: 'expired_card', message: 'The card has expired.' };
  }
  const brand = detectBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(String(card.cvc))) {
    return { ok: false, code: 'invalid_cvc', message: `The security code must have ${cvcLength} digits.` };
  }
  return { ok: true, brand, last4: digits.slice(-4), expMonth: month, expYear: year, behaviour: BEHAVIOURS[digits] ?? 'succeeds' };
}

/**
 * Cairn's own error illustrations. Colours come from theme tokens so they suit every theme.
 * Decorative: the page text says the same.
 */

export interface IllustrationProps {
  className?: string;
  /** Names the graphic for tests (it has no role: it is decorative). */
  'data-illustration'?: string;
}

/** 404: the middle stone of a toppled cairn stands in for the zero. */
export function NotFoundIllustration(props: IllustrationProps) {
  return (
    <svg {...props} viewBox="0 0 360 200" aria-hidden="true" focusable="false">
      <ellipse cx="180" cy="182" rx="170" ry="10" fill="var(--illustration-shadow)" />
      <path
        d="M92 150V38L28 118h92"
        fill="none"
        stroke="var(--stone-2)"
        strokeWidth="22"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M332 150V38l-64 80h92"
        fill="none"
        stroke="var(--stone-2)"
        strokeWidth="22"
        strokeLinecap="round"
        strokeLinejoin="round"
        transform="translate(-20 0)"
      />
      <ellipse cx="180" cy="94" rx="46" ry="58" fill="var(--stone-1)" />
      <ellipse cx="168" cy="74" rx="14" ry="20" fill="var(--stone-3)" opacity="0.55" />
      <ellipse cx="150" cy="176" rx="22" ry="8" fill="var(--stone-3)" transform="rotate(-8 150 176)" />
      <ellipse cx="214" cy="174" rx="15" ry="7" fill="var(--stone-4)" transform="rotate(12 214 174)" />
      <ellipse cx="244" cy="179" rx="9" ry="5" fill="var(--stone-3)" />
      <ellipse cx="118" cy="180" rx="7" ry="4" fill="var(--stone-4)" />
    </svg>
  );
}

/** Other errors: a small robot having a bad day. */
export function SadRobotIllustration(props: IllustrationProps) {
  return (
    <svg {...props} viewBox="0 0 220 220" aria-hidden="true" focusable="false">
      <ellipse cx="110" cy="206" rx="74" ry="8" fill="var(--illustration-shadow)" />
      <path d="M110 22v22" stroke="var(--illustration-line)" strokeWidth="5" strokeLinecap="round" />
      <circle cx="110" cy="18" r="9" fill="var(--color-orange)" />
      <rect x="46" y="44" width="128" height="92" rx="22" fill="var(--illustration-body)" stroke="var(--illustration-line)" strokeWidth="5" />
      <rect x="30" y="76" width="16" height="30" rx="6" fill="var(--illustration-line)" />
      <rect x="174" y="76" width="16" height="30" rx="6" fill="var(--illustration-line)" />
      <rect x="62" y="60" width="96" height="60" rx="14" fill="var(--illustration-screen)" />
      <path d="M74 82l20-7M146 82l-20-7" stroke="var(--illustration-eye)" strokeWidth="5" strokeLinecap="round" />
      <circle cx="86" cy="92" r="6" fill="var(--illustration-eye)" />
      <circle cx="134" cy="92" r="6" fill="var(--illustration-eye)" />
      <path d="M92 108q18-12 36 0" fill="none" stroke="var(--illustration-eye)" strokeWidth="5" strokeLinecap="round" />
      <path d="M140 101q6 9 0 13-6-4 0-13z" fill="var(--color-blue)" />
      <rect x="70" y="140" width="80" height="54" rx="14" fill="var(--illustration-body)" stroke="var(--illustration-line)" strokeWidth="5" />
      <circle cx="94" cy="166" r="7" fill="var(--color-red)" />
      <rect x="108" y="160" width="28" height="6" rx="3" fill="var(--illustration-line)" />
      <rect x="108" y="172" width="18" height="6" rx="3" fill="var(--illustration-line)" />
      <path d="M70 156l-18 22M150 156l18 22" stroke="var(--illustration-line)" strokeWidth="7" strokeLinecap="round" />
    </svg>
  );
}

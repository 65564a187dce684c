interface CairnMarkProps {
  className?: string;
}

/** Cairn's mark: four stacked stones, each a little smaller and lighter than the one beneath. */
export function CairnMark({ className }: CairnMarkProps) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <ellipse cx="16" cy="26" rx="12.5" ry="4.5" fill="var(--stone-1)" />
      <ellipse cx="14.8" cy="19.2" rx="9.2" ry="3.9" fill="var(--stone-2)" />
      <ellipse cx="16.9" cy="13" rx="6.6" ry="3.3" fill="var(--stone-3)" />
      <ellipse cx="15.8" cy="7.6" rx="4.1" ry="2.7" fill="var(--stone-4)" />
    </svg>
  );
}

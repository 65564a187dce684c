import styles from './frog-scene.module.css';

/** A round frog on a stone at the edge of a pond, drawn for Cairn. */
export function FrogArt({ label }: { label: string }) {
  return (
    <svg className={styles.art} viewBox="0 0 240 200" role="img" aria-label={label}>
      <ellipse cx="120" cy="178" rx="110" ry="18" fill="var(--color-blue)" opacity="0.35" />
      <ellipse className={styles.ripple} cx="190" cy="178" rx="22" ry="5" fill="none" stroke="var(--color-blue)" strokeWidth="2" />
      <path d="M48 176 C52 140 92 126 124 128 C162 130 192 146 190 176 Z" fill="var(--stone-2)" />
      <path d="M70 150 C84 140 104 138 118 140" stroke="var(--stone-4)" strokeWidth="4" strokeLinecap="round" fill="none" opacity="0.6" />
      <g className={styles.frog}>
        <ellipse cx="92" cy="128" rx="16" ry="9" fill="#3f8f3a" />
        <ellipse cx="150" cy="128" rx="16" ry="9" fill="#3f8f3a" />
        <ellipse cx="121" cy="104" rx="44" ry="32" fill="#5fb04f" />
        <ellipse cx="121" cy="114" rx="28" ry="17" fill="#cfe8a8" />
        <circle cx="98" cy="74" r="15" fill="#5fb04f" />
        <circle cx="144" cy="74" r="15" fill="#5fb04f" />
        <circle cx="98" cy="74" r="9" fill="#fff" />
        <circle cx="144" cy="74" r="9" fill="#fff" />
        <circle cx="100" cy="75" r="5" fill="#1d2a1b" />
        <circle cx="146" cy="75" r="5" fill="#1d2a1b" />
        <rect className={styles.eyelid} x="87" y="63" width="22" height="22" rx="11" fill="#4e9a40" />
        <rect className={styles.eyelid} x="133" y="63" width="22" height="22" rx="11" fill="#4e9a40" />
        <path d="M106 98 Q121 108 136 98" stroke="#1d2a1b" strokeWidth="3" strokeLinecap="round" fill="none" />
        <circle cx="96" cy="96" r="5" fill="#f2a7a7" opacity="0.7" />
        <circle cx="146" cy="96" r="5" fill="#f2a7a7" opacity="0.7" />
        <ellipse cx="100" cy="134" rx="10" ry="5" fill="#3f8f3a" />
        <ellipse cx="142" cy="134" rx="10" ry="5" fill="#3f8f3a" />
      </g>
    </svg>
  );
}

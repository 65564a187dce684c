/** A drawing of the app's window: a sidebar of instances beside a grid of worlds. Decorative. */
export function AppWindowArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 320 220" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="312" height="212" rx="14" fill="var(--color-surface-raised)" stroke="var(--color-border)" strokeWidth="2" />
      <circle cx="22" cy="20" r="4" fill="var(--color-red)" />
      <circle cx="36" cy="20" r="4" fill="var(--color-orange)" />
      <circle cx="50" cy="20" r="4" fill="var(--color-green)" />
      <rect x="16" y="36" width="72" height="168" rx="8" fill="var(--color-surface-sunken)" />
      {[0, 1, 2, 3].map((row) => (
        <g key={row}>
          <rect x="24" y={46 + row * 38} width="22" height="22" rx="6" fill={row === 0 ? 'var(--color-brand)' : 'var(--stone-3)'} />
          <rect x="52" y={52 + row * 38} width="28" height="8" rx="4" fill="var(--stone-3)" />
        </g>
      ))}
      {[0, 1].map((row) =>
        [0, 1, 2].map((column) => (
          <g key={`${row}-${column}`}>
            <rect x={100 + column * 70} y={40 + row * 84} width="60" height="74" rx="8" fill="var(--color-surface)" stroke="var(--color-border)" />
            <path
              d={`M${106 + column * 70} ${88 + row * 84} l14 -14 l12 10 l16 -18 l12 22 z`}
              fill={column === 1 && row === 0 ? 'var(--color-brand)' : 'var(--stone-2)'}
            />
            <rect x={106 + column * 70} y={96 + row * 84} width="36" height="6" rx="3" fill="var(--stone-3)" />
          </g>
        )),
      )}
    </svg>
  );
}

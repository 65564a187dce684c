/** A user's round picture, or their initial when they have none. Decorative: the name is always next to it. */
export function Avatar({ src, name, size = 'medium' }: { src: string | null | undefined; name: string; size?: 'small' | 'medium' | 'large' }) {
  return src ? (
    <img className={`avatar avatar--${size}`} src={src} alt="" />
  ) : (
    <span className={`avatar avatar--${size} avatar--placeholder`} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/**
 * A user's round picture, or their initial when they have none. Decorative: the name is always
 * next to it. The initial is drawn by CSS (data-initial), so it never joins the text of the
 * control around it (a menu button's name stays the username).
 */
export function Avatar({ src, name, size = 'medium' }: { src: string | null | undefined; name: string; size?: 'small' | 'medium' | 'large' }) {
  return src ? (
    <img className={`avatar avatar--${size}`} src={src} alt="" />
  ) : (
    <span className={`avatar avatar--${size} avatar--placeholder`} data-initial={name.trim().charAt(0).toUpperCase() || '?'} aria-hidden="true" />
  );
}

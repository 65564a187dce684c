/** An app's (or user's) picture, or its initial on a tinted square when it has none. */
export function AppIcon({ name, iconUrl, size = 'medium' }: { name: string; iconUrl: string | null | undefined; size?: 'small' | 'medium' | 'large' }) {
  return iconUrl ? (
    <img className={`app-icon app-icon--${size}`} src={iconUrl} alt="" />
  ) : (
    <span className={`app-icon app-icon--${size} app-icon--placeholder`} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

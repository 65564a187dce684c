import { ImageIcon } from '../ui/content-icons';

interface ProjectIconProps {
  url: string | null | undefined;
  className?: string;
  loading?: 'eager' | 'lazy';
  /** Rendered size in CSS pixels (the CDN serves 96 px icons). */
  size?: number;
}

/** A project's icon, or a neutral placeholder. Decorative: the project's name is always next to it. */
export function ProjectIcon({ url, className, loading = 'lazy', size = 96 }: ProjectIconProps) {
  const classes = ['project-icon', className].filter(Boolean).join(' ');
  if (!url) {
    return (
      <span className={`${classes} project-icon--empty`} aria-hidden="true">
        <ImageIcon />
      </span>
    );
  }
  return <img className={classes} src={url} alt="" width={size} height={size} loading={loading} decoding="async" />;
}

import type { GalleryImage, Project } from '@cairn/shared/schemas/projects';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/content-icons';
import { ZoomIcon } from './project-icons';
import { ExternalIcon } from '../../../components/ui/page-icons';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { cx } from '../../../lib/class-names';
import styles from './project-gallery.module.css';
import { EmptyState } from '../../../components/ui/empty-state';
import { useFormatters } from '../../../lib/use-formatters';

/** Gallery images in the team's order (then oldest first), featured ones included. */
function galleryOrder(gallery: readonly GalleryImage[]): GalleryImage[] {
  return [...gallery].sort((a, b) => a.ordering - b.ordering || a.created.localeCompare(b.created));
}

interface ProjectGalleryProps {
  project: Project;
  /** Above the pictures (the team's upload card). */
  header?: ReactNode;
  /** Under each picture's text (the team's edit buttons); `title` is the name it is shown with. */
  renderActions?: (image: GalleryImage, title: string) => ReactNode;
}

/** The Gallery tab: a grid of pictures, each opening the lightbox. */
export function ProjectGallery({ project, header, renderActions }: ProjectGalleryProps) {
  const t = useT();
  const { formatDate } = useFormatters();
  const images = galleryOrder(project.gallery);
  const [index, setIndex] = useState<number>();
  // One tree whether or not there are images yet, so the header (an upload under way) stays mounted.
  return (
    <section aria-label={t('project.tabs.gallery')}>
      {header}
      {images.length === 0 ? (
        <EmptyState>{t('project.gallery.empty')}</EmptyState>
      ) : (
        <ul className={styles.galleryGrid}>
          {images.map((image, i) => {
            const title = image.title || t('project.gallery.untitled', { number: i + 1 });
            return (
              <li key={image.url} className={styles.galleryCard}>
                <button type="button" className={styles.galleryCardOpen} onClick={() => setIndex(i)} aria-label={t('project.gallery.open', { title })}>
                  <img src={image.url} alt="" loading={i < 6 ? 'eager' : 'lazy'} decoding="async" />
                </button>
                <div className={styles.galleryCardText}>
                  <h2 className={styles.galleryCardTitle}>{title}</h2>
                  {image.featured && <p className={styles.galleryCardFeatured}>{t('project.gallery.featured')}</p>}
                  {image.description && <p>{image.description}</p>}
                  <p className={styles.galleryCardDate}>{formatDate(image.created)}</p>
                  {renderActions?.(image, title)}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {index !== undefined && <Lightbox images={images} index={index} onIndex={setIndex} onClose={() => setIndex(undefined)} />}
    </section>
  );
}

interface LightboxProps {
  images: readonly GalleryImage[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** One picture large: ← → step through, Escape closes, the original opens in a new tab, zoom shows it full size. */
function Lightbox({ images, index, onIndex, onClose }: LightboxProps) {
  const t = useT();
  const [zoomed, setZoomed] = useState(false);
  const image = images[index];
  if (!image) return null;
  const go = (step: number) => {
    setZoomed(false);
    onIndex((index + step + images.length) % images.length);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };
  const title = image.title || t('project.gallery.untitled', { number: index + 1 });
  return (
    <Modal open onClose={onClose} title={title} size="wide">
      {/* Arrow keys work wherever focus is inside the lightbox. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className={styles.lightbox} onKeyDown={onKeyDown}>
        <div className={cx(styles.lightboxFrame, zoomed && styles.lightboxFrameZoomed)}>
          <img src={image.raw_url} alt={image.description || title} />
        </div>
        {image.description && <p className={styles.lightboxDescription}>{image.description}</p>}
        <p className="visually-hidden" aria-live="polite">
          {t('project.gallery.position', { current: index + 1, total: images.length })}
        </p>
        <div className={styles.lightboxControls}>
          <Button onClick={() => go(-1)} disabled={images.length < 2} aria-label={t('project.gallery.previous')}>
            <ChevronLeftIcon />
          </Button>
          <span className={styles.lightboxCount} aria-hidden="true">
            {index + 1} / {images.length}
          </span>
          <Button onClick={() => go(1)} disabled={images.length < 2} aria-label={t('project.gallery.next')}>
            <ChevronRightIcon />
          </Button>
          <Button variant="transparent" aria-pressed={zoomed} onClick={() => setZoomed(!zoomed)}>
            <ZoomIcon />
            {t('project.gallery.zoom')}
          </Button>
          <a className={styles.lightboxOriginal} href={image.raw_url} target="_blank" rel="noopener">
            <ExternalIcon />
            {t('project.gallery.original')}
          </a>
        </div>
      </div>
    </Modal>
  );
}

import { GALLERY_TITLE_MAX_LENGTH } from '@cairn/shared/constants/gallery';

/** What an image is uploaded with, asked in the details step before it is sent. */
export interface GalleryImageDetails {
  title: string;
  description: string;
  featured: boolean;
}

/** The default title: the file's name without its extension, within the title limit. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).trim();
  return base.slice(0, GALLERY_TITLE_MAX_LENGTH);
}

/**
 * Details of freshly picked files: titled after their file names, no description, and the first
 * one featured when nothing is featured yet (the gallery has no featured image and none of the
 * files already waiting for details is).
 */
export function defaultUploadDetails(files: readonly Pick<File, 'name'>[], somethingFeatured: boolean): GalleryImageDetails[] {
  return files.map((file, index) => ({ title: titleFromFileName(file.name), description: '', featured: !somethingFeatured && index === 0 }));
}

/** The query values an upload sends: trimmed, and empty text left out (the API takes none or some). */
export function uploadDetailsQuery(details: GalleryImageDetails): { featured: string; title?: string; description?: string } {
  const title = details.title.trim();
  const description = details.description.trim();
  return { featured: String(details.featured), ...(title ? { title } : {}), ...(description ? { description } : {}) };
}

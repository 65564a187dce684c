/** The rules of a project's gallery, enforced by the API and shown by the web before uploading. */

/** Largest image the API takes (the raw request body). */
export const GALLERY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Images one project may hold. */
export const GALLERY_MAX_IMAGES = 64;
/** Formats the API accepts, checked from the bytes: the `ext` query names one of these. */
export const GALLERY_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const GALLERY_TITLE_MAX_LENGTH = 255;
export const GALLERY_DESCRIPTION_MAX_LENGTH = 2048;

/**
 * The file picked on the versions page, handed to the create page it opens. A File cannot go in
 * the URL; keeping it here for one hand-over means a reload simply starts with an empty form.
 */
let pending: File | undefined;

export function setPendingVersionFile(file: File): void {
  pending = file;
}

/** The handed-over file, if any; the create page reads it once and then clears it. */
export function peekPendingVersionFile(): File | undefined {
  return pending;
}

export function clearPendingVersionFile(): void {
  pending = undefined;
}

/** `datetime-local` inputs speak the reader's local time without a zone; the API speaks ISO instants. */

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in local time ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant (null for empty or unreadable). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

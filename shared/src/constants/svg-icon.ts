/**
 * Wraps an SVG body in the outer element every Cairn tag icon shares: a 24×24 line drawing
 * that takes its colour from the surrounding text (`currentColor`), so one string works in
 * light and dark themes. Tag icons travel over the wire as plain strings (`icon` of the tag
 * routes), which is why they are strings and not components.
 */
export function lineIcon(body: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`
  );
}

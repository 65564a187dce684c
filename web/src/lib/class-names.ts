/** Joins the class names that are set: `cx(styles.a, open && styles.b, className)`. */
export function cx(...names: readonly (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * The one polling helper of the API tests: calls `check` until it returns a value (anything
 * but undefined) and resolves with it; a check that throws counts as "not yet". Throws
 * `timed out waiting for <what>` once `timeoutMs` has passed.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string, intervalMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

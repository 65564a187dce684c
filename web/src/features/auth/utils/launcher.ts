/**
 * Launcher sign-in (the launcher-auth guard of spec §2): a desktop launcher opens
 * `/auth/sign-in?launcher=<its loopback callback>` and receives the session token there. Only a
 * loopback address with an explicit port may receive it, so no web page can collect tokens.
 */
export function parseLauncherCallback(raw: string | null): URL | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'http:' || !loopback || url.port === '' || url.username || url.password) return undefined;
  return url;
}

/** The callback with the session token as `code`, keeping the launcher's own parameters. */
export function launcherHandoffUrl(callback: URL, token: string): string {
  const target = new URL(callback);
  target.searchParams.set('code', token);
  target.hash = '';
  return target.toString();
}

/** Whether this visit is the launcher's (it asks for the page alone, without the site around it). */
export function isLauncherVisit(search: string): boolean {
  return new URLSearchParams(search).has('launcher');
}

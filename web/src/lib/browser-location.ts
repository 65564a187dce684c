/**
 * Leaving the app for another address (a launcher's loopback callback, an OAuth app's redirect
 * URI, a sign-in provider). One seam, so tests can see where the page would go.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** This page's origin, for return addresses handed to the API. */
  origin(): string {
    return window.location.origin;
  },
};

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('analytics configuration', () => {
  it("takes page views from the site's origins unless ANALYTICS_VIEW_ORIGINS lists others", () => {
    const site = { PUBLIC_SITE_URL: 'https://cairn.example', WEB_ORIGINS: 'https://staging.cairn.example' };
    expect(loadConfig(site).analytics).toEqual({ viewOrigins: ['https://cairn.example', 'https://staging.cairn.example'], geoipPath: undefined });
    expect(loadConfig({ ...site, ANALYTICS_VIEW_ORIGINS: 'https://docs.cairn.example/, https://blog.cairn.example' }).analytics.viewOrigins).toEqual([
      'https://docs.cairn.example',
      'https://blog.cairn.example',
    ]);
  });
});

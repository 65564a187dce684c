import { describe, expect, it } from 'vitest';
import germanHome from '../../locales/home/de-DE.json';
import { areaMessagesStore, ensureMessageAreas, switchMessageAreas } from './message-areas';

describe('message areas', () => {
  it('loads an area asked for just before a language switch in the new language', async () => {
    // A first visit in German: the page asks for its area while the German catalogs load.
    const page = ensureMessageAreas(['home']);
    await switchMessageAreas('de-DE');
    await page;
    const { locale, messages } = areaMessagesStore.getSnapshot();
    expect(locale).toBe('de-DE');
    expect(messages['home.hero.discover']).toBe(germanHome['home.hero.discover']);
  });
});

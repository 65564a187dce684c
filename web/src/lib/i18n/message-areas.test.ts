import { describe, expect, it } from 'vitest';
import germanHome from '../../locales/home/de-DE.json';
import germanFooter from '../../locales/footer/de-DE.json';
import englishFooter from '../../locales/footer/en-US.json';
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

  it('switches an area that finished loading in the old language while the switch ran, instead of dropping it', async () => {
    // The footer loads in German just as the language switches to English: it must arrive in English, never as bare keys.
    const footer = ensureMessageAreas(['footer']);
    const switching = switchMessageAreas('en-US');
    await Promise.all([footer, switching]);
    const { locale, messages } = areaMessagesStore.getSnapshot();
    expect(locale).toBe('en-US');
    expect(messages['shell.footer.serverListings']).toBe(englishFooter['shell.footer.serverListings']);
    expect(englishFooter['shell.footer.serverListings']).not.toBe(germanFooter['shell.footer.serverListings']);
  });
});

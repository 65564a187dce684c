import { describe, expect, it } from 'vitest';
import { downloadSource, sourceFromUserAgent } from './download-source.js';

const site = new Set(['https://cairn.test', 'https://www.cairn.test']);

describe('sourceFromUserAgent', () => {
  it.each([
    ['CairnApp/0.9.3 (support@example.com)', 'CairnApp'],
    ['lodestone/desktop/0.9.3 (linux; support@example.com)', 'lodestone/desktop'],
    ['CobbleLauncher/8.4 (https://cobble.example) okhttp/4.12.0', 'CobbleLauncher'],
    ['my_launcher/v2.0.0-beta.1+build.5 (me@example.com)', 'my_launcher'],
    ['packsync/1 (ci)', 'packsync'],
  ])('names the project of %s', (userAgent, source) => {
    expect(sourceFromUserAgent(userAgent)).toBe(source);
  });

  it.each([
    [undefined],
    [''],
    ['okhttp/4.9.3'],
    ['curl/8.5.0'],
    ['python-requests/2.31.0'],
    ['CairnApp (support@example.com)'],
    ['CairnApp/dev (support@example.com)'],
    ['CairnApp/0.9.3 ()'],
    ['CairnApp/0.9.3 (   )'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['website/1.0 (me@example.com)'],
    ['Unknown/1.0 (me@example.com)'],
    [`${'a'.repeat(65)}/1.0 (me@example.com)`],
    [' CairnApp/0.9.3 (support@example.com)'],
  ])('names nothing for %s', (userAgent) => {
    expect(sourceFromUserAgent(userAgent)).toBeUndefined();
  });

  it('reads only the start of a long header', () => {
    expect(sourceFromUserAgent(`a/1 (${'x'.repeat(100_000)})`)).toBeUndefined();
    expect(sourceFromUserAgent(`a/1 (me@example.com) ${'x'.repeat(100_000)}`)).toBe('a');
    expect(sourceFromUserAgent('a/'.repeat(50_000))).toBeUndefined();
  });
});

describe('downloadSource', () => {
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

  it('prefers the launcher a well-formed User-Agent names', () => {
    expect(downloadSource({ userAgent: 'CairnApp/0.9.3 (support@example.com)', referer: 'https://cairn.test/' }, site)).toBe('CairnApp');
  });

  it('recognises the site by its Origin, or else its Referer', () => {
    expect(downloadSource({ userAgent: firefox, referer: 'https://cairn.test/' }, site)).toBe('website');
    expect(downloadSource({ userAgent: firefox, referer: 'https://www.cairn.test/mod/lanternlight/versions' }, site)).toBe('website');
    expect(downloadSource({ userAgent: firefox, origin: 'https://cairn.test' }, site)).toBe('website');
    expect(downloadSource({ userAgent: firefox, origin: 'https://elsewhere.example', referer: 'https://cairn.test/' }, site)).toBe('unknown');
  });

  it('calls everything else unknown', () => {
    expect(downloadSource({}, site)).toBe('unknown');
    expect(downloadSource({ userAgent: 'curl/8.5.0' }, site)).toBe('unknown');
    expect(downloadSource({ userAgent: firefox }, site)).toBe('unknown');
    expect(downloadSource({ userAgent: firefox, referer: 'https://forum.example/thread/1' }, site)).toBe('unknown');
    expect(downloadSource({ userAgent: firefox, referer: 'not a url' }, site)).toBe('unknown');
    expect(downloadSource({ userAgent: firefox, origin: 'null' }, site)).toBe('unknown');
  });
});

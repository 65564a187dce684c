import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './webhook-delivery.js';
import { renderDiscord, renderGeneric, type RecordedEvent } from './webhook-payloads.js';

const published: RecordedEvent = {
  type: 'version.published',
  timestamp: '2026-11-29T10:00:00.000Z',
  data: {
    project: { id: 'AbCdEf12', slug: 'lanternlight', title: 'Lanternlight', project_type: 'mod', path: '/mod/lanternlight' },
    version: {
      id: 'GhIjKl34',
      name: 'First light',
      version_number: '1.0.0',
      version_type: 'release',
      status: 'listed',
      changelog: 'x'.repeat(5000),
      game_versions: [],
      loaders: ['fabric', 'quilt'],
      date_published: '2026-11-29T10:00:00.000Z',
      path: '/mod/lanternlight/version/GhIjKl34',
    },
  },
};

describe('webhook payloads', () => {
  it('turns every site path into a URL on the site in the generic body', () => {
    const body = JSON.parse(renderGeneric(published, 'https://cairn.example'));
    expect(body.data.project.url).toBe('https://cairn.example/mod/lanternlight');
    expect(body.data.version.url).toBe('https://cairn.example/mod/lanternlight/version/GhIjKl34');
    expect(JSON.stringify(body)).not.toContain('"path"');
    // The same event renders to the same bytes on every attempt.
    expect(renderGeneric(published, 'https://cairn.example')).toBe(renderGeneric(published, 'https://cairn.example'));
  });

  it('keeps Discord embeds inside their limits', () => {
    const [embed] = JSON.parse(renderDiscord(published, 'https://cairn.example')).embeds;
    expect(embed.title).toBe('Lanternlight 1.0.0 released');
    expect(embed.description.length).toBeLessThanOrEqual(1500);
    expect(embed.fields).toContainEqual({ name: 'Game versions', value: '—', inline: true });
    expect(embed.fields).toContainEqual({ name: 'Loaders', value: 'fabric, quilt', inline: true });
    const deleted = JSON.parse(renderDiscord({ ...published, type: 'version.deleted' }, 'https://cairn.example')).embeds[0];
    expect(deleted.url).toBeUndefined();
  });

  it('waits exponentially longer before each retry', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelaySeconds(30, retry, 0))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(30, 1, 1)).toBe(45);
  });
});

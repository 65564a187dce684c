import { describe, expect, it } from 'vitest';
import { buildProject } from '../../../testing/mocks/catalogue';
import { canSubmit, hasDescription, publishingChecklist, type ChecklistItemId } from './checklist';

const freshDraft = buildProject({
  status: 'draft',
  body: '',
  icon_url: null,
  gallery: [],
  categories: [],
  additional_categories: [],
  issues_url: null,
  donation_urls: [],
  license: { id: 'LicenseRef-Unknown', name: 'Unknown', url: null },
  versions: [],
});

const ids = (items: ReturnType<typeof publishingChecklist>) => items.map((item) => item.id);
const open = (items: ReturnType<typeof publishingChecklist>) => items.filter((item) => !item.done).map((item) => item.id);

describe('publishingChecklist', () => {
  it('lists a fresh draft: everything open, tags not yet (they need a version), submission blocked', () => {
    const items = publishingChecklist(freshDraft, 0);
    expect(ids(items)).toEqual<ChecklistItemId[]>(['version', 'description', 'icon', 'gallery', 'links', 'environments', 'license', 'submit']);
    expect(open(items)).toEqual(['version', 'description', 'icon', 'gallery', 'links', 'license', 'submit']);
    expect(items.filter((item) => item.status === 'required').map((item) => item.id)).toEqual(['version', 'description', 'environments', 'license']);
    expect(canSubmit(items)).toBe(false);
  });

  it('offers tags once a version exists and allows submission when only suggestions are open', () => {
    const ready = { ...freshDraft, body: 'A real description.', license: { id: 'MIT', name: 'MIT License', url: null } };
    const items = publishingChecklist(ready, 1);
    expect(ids(items)).toContain('tags');
    expect(open(items)).toEqual(['icon', 'gallery', 'tags', 'links', 'submit']);
    expect(canSubmit(items)).toBe(true);
  });

  it.each([
    ['unknown', 'required', false],
    ['unsupported', 'unsupported', false],
    ['required', 'unsupported', true],
  ] as const)('environments of a mod: client %s, server %s → done %s', (client, server, done) => {
    const items = publishingChecklist({ ...freshDraft, client_side: client, server_side: server }, 0);
    expect(items.find((item) => item.id === 'environments')?.done).toBe(done);
  });

  it('does not ask resource packs for environments', () => {
    const items = publishingChecklist({ ...freshDraft, project_type: 'resourcepack', client_side: 'unknown', server_side: 'unknown' }, 0);
    expect(items.find((item) => item.id === 'environments')?.done).toBe(true);
  });

  it('counts links, donation links and a featured gallery image', () => {
    const items = publishingChecklist(
      { ...freshDraft, donation_urls: [{ id: 'ko-fi', platform: 'Ko-fi', url: 'https://ko-fi.example.test/x' }], gallery: buildProject().gallery },
      0,
    );
    expect(open(items)).not.toContain('links');
    expect(open(items)).not.toContain('gallery');
  });

  it('marks submission done once the project is under review', () => {
    const items = publishingChecklist({ ...freshDraft, status: 'processing' }, 1);
    expect(items.find((item) => item.id === 'submit')?.done).toBe(true);
  });
});

describe('hasDescription', () => {
  it.each([
    ['', false],
    ['   \n\n', false],
    ['# My project', false],
    ['# My project\n## Features', false],
    ['# My project\n\nIt adds lanterns.', true],
  ])('%j → %s', (body, expected) => {
    expect(hasDescription(body)).toBe(expected);
  });
});

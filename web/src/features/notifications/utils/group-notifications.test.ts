import { describe, expect, it } from 'vitest';
import type { Notification } from '@cairn/shared/schemas/notifications';
import { groupNotifications } from './group-notifications';

const base = { user_id: 'U1', title: 't', text: 'x', link: '/', read: false, created: '2026-01-01T00:00:00Z', actions: [] };
const update = (id: string, project: string): Notification => ({ ...base, id, type: 'project_update', body: { type: 'project_update', project_id: project, version_id: `V${id}` } });
const status = (id: string, project: string): Notification => ({
  ...base,
  id,
  type: 'status_change',
  body: { type: 'status_change', project_id: project, old_status: 'processing', new_status: 'approved' },
});

describe('groupNotifications', () => {
  it("gathers one project's new versions under its newest, keeping other kinds apart and the order", () => {
    const groups = groupNotifications([update('1', 'P'), status('2', 'P'), update('3', 'Q'), update('4', 'P')]);
    expect(groups.map((g) => g.items.map((n) => n.id))).toEqual([['1', '4'], ['2'], ['3']]);
  });
});

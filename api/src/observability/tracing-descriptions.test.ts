import { describe, expect, it } from 'vitest';
import { describeStatement } from './tracing-database.js';
import { describeSearchCall } from './tracing-calls.js';

describe('describeStatement', () => {
  it('names the operation and the first table of what drizzle and the driver send', () => {
    expect(describeStatement('select "id", "username" from "users" where "users"."id" = $1')).toEqual({ operation: 'SELECT', table: 'users' });
    expect(describeStatement('insert into "search_outbox" ("project_id") values ($1) on conflict do nothing')).toEqual({ operation: 'INSERT', table: 'search_outbox' });
    expect(describeStatement('update "users" set "bio" = $1 where "users"."id" = $2')).toEqual({ operation: 'UPDATE', table: 'users' });
    expect(describeStatement('delete from pgboss.job where id = ?')).toEqual({ operation: 'DELETE', table: 'pgboss.job' });
    expect(describeStatement('  SELECT 1')).toEqual({ operation: 'SELECT', table: undefined });
  });

  it('leaves out what it cannot read cheaply', () => {
    expect(describeStatement('with recent as (select * from "projects") select * from recent')).toEqual({ operation: 'WITH', table: undefined });
    expect(describeStatement('frobnicate everything')).toEqual({ operation: undefined, table: undefined });
  });
});

describe('describeSearchCall', () => {
  it('names the operation and index of a call', () => {
    expect(describeSearchCall('/indexes/cairn_projects/search', undefined)).toEqual({ operation: 'search', index: 'cairn_projects' });
    expect(describeSearchCall('/indexes/cairn_projects/documents', '[]')).toEqual({ operation: 'documents', index: 'cairn_projects' });
    expect(describeSearchCall('/indexes/cairn_projects', undefined)).toEqual({ operation: 'index', index: 'cairn_projects' });
    expect(describeSearchCall('/tasks/42', undefined)).toEqual({ operation: 'tasks', index: undefined });
    expect(describeSearchCall('/meili/health', undefined)).toEqual({ operation: 'health', index: undefined });
  });

  it("takes a multi-search's index from its first query", () => {
    expect(describeSearchCall('/multi-search', '{"queries":[{"indexUid":"cairn_projects","q":"x"},{"indexUid":"other"}]}')).toEqual({ operation: 'multi-search', index: 'cairn_projects' });
  });
});

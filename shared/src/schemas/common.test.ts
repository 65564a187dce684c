import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  Base62IdSchema,
  ErrorBodySchema,
  jsonArrayQuery,
  LimitSchema,
  OffsetSchema,
  PaginationQuerySchema,
  SlugSchema,
  UsernameSchema,
} from './common.js';

const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((i) => i.message) ?? [];

describe('ErrorBodySchema', () => {
  it('needs both fields as strings', () => {
    expect(ErrorBodySchema.parse({ error: 'not_found', description: 'resource not found' })).toEqual({
      error: 'not_found',
      description: 'resource not found',
    });
    expect(ErrorBodySchema.safeParse({ error: 'not_found' }).success).toBe(false);
  });
});

describe('Base62IdSchema', () => {
  it('accepts 1 to 11 base-62 characters', () => {
    for (const id of ['1', 'AABBCCDD', 'Dc7EYhxG', 'zzzzzzzzzzz']) expect(Base62IdSchema.safeParse(id).success).toBe(true);
  });

  it('rejects empty, too long and non-base-62 ids', () => {
    for (const id of ['', 'zzzzzzzzzzzz', 'AABB-CDD', 'abc def', 'ünï']) {
      expect(Base62IdSchema.safeParse(id).success).toBe(false);
    }
  });
});

describe('SlugSchema', () => {
  it('accepts url-safe slugs of 3 to 64 characters', () => {
    for (const slug of ['abc', 'sodium', 'Fabric-API', 'my_mod.v2', 'a'.repeat(64)]) {
      expect(SlugSchema.safeParse(slug).success).toBe(true);
    }
  });

  it('rejects short, long and unsafe slugs with a readable reason', () => {
    expect(SlugSchema.safeParse('ab').success).toBe(false);
    expect(SlugSchema.safeParse('a'.repeat(65)).success).toBe(false);
    const spaced = SlugSchema.safeParse('my mod');
    expect(messages(spaced)).toEqual(['may only contain letters, digits, ".", "_" and "-"']);
    expect(SlugSchema.safeParse('mod/../x').success).toBe(false);
  });
});

describe('UsernameSchema', () => {
  it('accepts 1 to 39 url-safe characters', () => {
    expect(UsernameSchema.safeParse('a').success).toBe(true);
    expect(UsernameSchema.safeParse('Jane_Doe.42').success).toBe(true);
    expect(UsernameSchema.safeParse('x'.repeat(39)).success).toBe(true);
  });

  it('rejects empty, long and unsafe names', () => {
    expect(UsernameSchema.safeParse('').success).toBe(false);
    expect(UsernameSchema.safeParse('x'.repeat(40)).success).toBe(false);
    expect(UsernameSchema.safeParse('jane@doe').success).toBe(false);
  });
});

describe('pagination', () => {
  it('coerces query strings and applies defaults', () => {
    expect(PaginationQuerySchema.parse({})).toEqual({ offset: 0, limit: 10 });
    expect(PaginationQuerySchema.parse({ offset: '20', limit: '100' })).toEqual({ offset: 20, limit: 100 });
    expect(OffsetSchema.parse(undefined)).toBe(0);
    expect(LimitSchema.parse(undefined)).toBe(10);
  });

  it('rejects out-of-range and non-integer values', () => {
    expect(OffsetSchema.safeParse('-1').success).toBe(false);
    expect(OffsetSchema.safeParse('1.5').success).toBe(false);
    expect(OffsetSchema.safeParse('abc').success).toBe(false);
    expect(LimitSchema.safeParse('0').success).toBe(false);
    expect(LimitSchema.safeParse('101').success).toBe(false);
    expect(LimitSchema.safeParse('1').success).toBe(true);
  });
});

describe('jsonArrayQuery', () => {
  const ids = jsonArrayQuery(Base62IdSchema);

  it('parses a JSON array of valid items', () => {
    expect(ids.parse('["AABBCCDD","1"]')).toEqual(['AABBCCDD', '1']);
    expect(ids.parse('[]')).toEqual([]);
  });

  it('says when the value is not JSON', () => {
    const result = ids.safeParse('[AABBCCDD]');
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual(['must be a JSON array such as ["a","b"], but is not valid JSON']);
  });

  it('says when the JSON is not an array', () => {
    expect(messages(ids.safeParse('"AABBCCDD"'))).toEqual(['must be a JSON array such as ["a","b"], but is a string']);
    expect(messages(ids.safeParse('{"a":1}'))).toEqual(['must be a JSON array such as ["a","b"], but is an object']);
    expect(messages(ids.safeParse('null'))).toEqual(['must be a JSON array such as ["a","b"], but is null']);
  });

  it('points at the item that fails', () => {
    const result = ids.safeParse('["AABBCCDD","bad id!"]');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([1]);
    expect(result.error?.issues[0]?.message).toBe('must be 1 to 11 characters from 0-9, A-Z and a-z');
  });

  it('works inside an object schema and applies item transforms', () => {
    const query = z.object({ ids: jsonArrayQuery(z.string().toLowerCase()) });
    expect(query.parse({ ids: '["Sodium","IRIS"]' })).toEqual({ ids: ['sodium', 'iris'] });
    expect(query.safeParse({}).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { describeValidation } from './error-handler.js';

describe('describeValidation', () => {
  it('names the part and the field of each problem', () => {
    expect(
      describeValidation('querystring', [
        { instancePath: '/limit', message: 'Too big: expected number to be <=100' },
        { instancePath: '/facets/0', message: 'Invalid input' },
      ]),
    ).toBe("Invalid query parameter 'limit': Too big: expected number to be <=100; query parameter 'facets.0': Invalid input");
  });

  it('describes whole-part problems without a field', () => {
    expect(describeValidation('body', [{ instancePath: '', message: 'Expected object' }])).toBe('Invalid body: Expected object');
  });
});

import { describe, expect, it } from 'vitest';
import { HttpError } from './api-client';
import { formErrorsFrom } from './form-errors';

const apiError = (code: string, description: string) => new HttpError(400, code, description, 'POST', '/v2/auth/create');

describe('formErrorsFrom', () => {
  it('puts known error codes next to their field', () => {
    expect(formErrorsFrom(apiError('username_taken', 'That username is taken.'), { username_taken: 'username' })).toEqual({
      fields: { username: 'That username is taken.' },
    });
  });

  it('reads the field of a validation error from its description', () => {
    expect(formErrorsFrom(apiError('invalid_input', "Invalid body 'email': Invalid email address"), {}, { email: 'email' })).toEqual({
      fields: { email: 'Invalid email address' },
    });
  });

  it('leaves anything else to the form', () => {
    expect(formErrorsFrom(apiError('ratelimit_error', 'Slow down.'), { username_taken: 'username' })).toEqual({ fields: {}, form: 'Slow down.' });
    expect(formErrorsFrom(apiError('invalid_input', "Invalid body 'other': nope"), {}, { email: 'email' })).toEqual({
      fields: {},
      form: "Invalid body 'other': nope",
    });
    expect(formErrorsFrom(new Error('offline'), {})).toEqual({ fields: {}, form: 'offline' });
  });
});

import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { serverFieldErrors, showFormErrors } from './form-errors.ts';

type Form = { name: string; addresses: { city: string }[]; note: string };

const refused = new ApiError(400, 'Name is required.', [
  { field: 'name', message: 'Name is required.' },
  { field: 'name', message: 'Name is too long.' },
  { field: 'addresses.0.city', message: 'City is required.' },
  { field: 'unknown', message: 'Not on this form.' },
]);

describe('showFormErrors', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts the first message of each listed field on it (nested paths on their top field) and toasts once', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const setError = vi.fn();
    const marked = showFormErrors<Form>(refused, setError, { fields: ['name', 'addresses'], focus: true });
    expect(marked).toEqual(['name', 'addresses']);
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Name is required.' }, { shouldFocus: true }],
      ['addresses', { type: 'server', message: 'City is required.' }, { shouldFocus: false }],
    ]);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ message: 'Name is required.', color: 'red.9' });
  });

  it('keeps the server path as the form path when no fields are given, or maps it with a function', () => {
    vi.spyOn(notifications, 'show').mockReturnValue('id');
    const setError = vi.fn();
    expect(showFormErrors<Form>(refused, setError, { toast: false })).toEqual([
      'name',
      'addresses.0.city',
      'unknown',
    ]);
    const mapped = vi.fn();
    const only = showFormErrors<Form>(refused, mapped, {
      fields: (field) => (field.startsWith('addresses.') ? 'note' : undefined),
    });
    expect(only).toEqual(['note']);
    expect(mapped).toHaveBeenCalledWith(
      'note',
      { type: 'server', message: 'City is required.' },
      { shouldFocus: false },
    );
  });

  it('marks nothing for an error that is not an answer of the API, and still shows its message', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const setError = vi.fn();
    expect(showFormErrors<Form>(new Error('Cannot reach the server.'), setError)).toEqual([]);
    expect(serverFieldErrors('nope')).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
    expect(show.mock.calls[0]?.[0]).toMatchObject({ message: 'Cannot reach the server.' });
  });
});

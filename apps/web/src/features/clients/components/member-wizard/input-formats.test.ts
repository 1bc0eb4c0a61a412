import { describe, expect, it } from 'vitest';
import {
  formatDateTyping,
  formatPhoneTyping,
  formatSsnTyping,
  formatTinTyping,
  isoToPicker,
  pickerToFormValue,
} from './input-formats.ts';

describe('as-you-type formats', () => {
  it.each([
    ['', ''],
    ['2', '+1 (2'],
    ['212', '+1 (212'],
    ['2125', '+1 (212) 5'],
    ['2125550123', '+1 (212) 555-0123'],
    ['21255501234567', '+1 (212) 555-0123'],
    ['+1 (212) 555-012', '+1 (212) 555-012'],
    ['+1 (212) ', '+1 (212'],
    ['1', '+1 ('],
    ['12125550123', '+1 (212) 555-0123'],
    ['(212) 555-0123', '+1 (212) 555-0123'],
  ])('phone %j → %j', (raw, shown) => expect(formatPhoneTyping(raw)).toBe(shown));

  it('SSN xxx-xx-xxxx and TIN xx-xxxxxxx (or SSN-formatted when typed so)', () => {
    expect(formatSsnTyping('123456789')).toBe('123-45-6789');
    expect(formatSsnTyping('1234')).toBe('123-4');
    expect(formatSsnTyping('123-45-67890')).toBe('123-45-6789');
    expect(formatTinTyping('123456789')).toBe('12-3456789');
    expect(formatTinTyping('123-456789')).toBe('123-45-6789');
  });

  it('dates: typed MM/dd/yyyy, kept yyyy-MM-dd once whole and valid', () => {
    expect(formatDateTyping('01151980')).toBe('01/15/1980');
    expect(formatDateTyping('011')).toBe('01/1');
    expect(pickerToFormValue('01/15/1980')).toBe('1980-01-15');
    expect(pickerToFormValue('12/31/1899')).toBe('12/31/1899');
    expect(pickerToFormValue('02/30/2001')).toBe('02/30/2001');
    expect(pickerToFormValue('')).toBe('');
    expect(isoToPicker('1980-01-15')).toBe('01/15/1980');
    expect(isoToPicker('01/1')).toBe('01/1');
  });
});

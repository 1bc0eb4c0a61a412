import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatMoneyBrief,
  formatMoneyTyping,
  formatPercent,
  moneyForInput,
  moneyFromInput,
} from './money.ts';

describe('money as text', () => {
  it('money keeps at most 2 decimals and groups thousands, as a string', () => {
    expect(formatMoneyTyping('1250000.505')).toBe('1,250,000.50');
    expect(formatMoneyTyping('$00012a3')).toBe('123');
    expect(formatMoneyTyping('.5')).toBe('0.5');
    expect(formatMoneyTyping('1.2.3')).toBe('1.23');
    expect(moneyForInput('125000.50')).toBe('125,000.50');
    expect(moneyForInput('125000.00')).toBe('125,000');
    expect(moneyForInput(null)).toBe('');
    expect(moneyFromInput('1,250,000.5')).toBe('1250000.5');
  });

  it('shows amounts with $, commas and cents, without floating point', () => {
    expect(formatMoney('13750')).toBe('$13,750.00');
    expect(formatMoney('2181.51')).toBe('$2,181.51');
    expect(formatMoney('10000000000.00')).toBe('$10,000,000,000.00');
    // Beyond what a double holds exactly: still exact.
    expect(formatMoney('9007199254740993.07')).toBe('$9,007,199,254,740,993.07');
    expect(formatMoney('-5.5')).toBe('-$5.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney(null)).toBe('');
    expect(formatMoneyBrief('500000.00')).toBe('$500,000');
    expect(formatMoneyBrief('500000.50')).toBe('$500,000.50');
  });

  it('shows rates as percentages with 2 to 4 decimals', () => {
    expect(formatPercent('0.8750')).toBe('0.875%');
    expect(formatPercent('1.6000')).toBe('1.60%');
    expect(formatPercent('0.8125')).toBe('0.8125%');
  });
});

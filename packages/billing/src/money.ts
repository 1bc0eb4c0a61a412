import { Decimal } from 'decimal.js';

/** Money travels as a decimal string with at most two decimals ("1234.5", "-0.07"); never as a float. */
const MONEY_PATTERN = /^-?\d{1,18}(\.\d{1,2})?$/;

export const isMoneyString = (value: string) => MONEY_PATTERN.test(value);

/** Parses a money string exactly; throws on anything that is not one (no silent rounding). */
export const parseMoney = (value: string): Decimal => {
  if (!isMoneyString(value)) throw new RangeError(`not a money amount: ${JSON.stringify(value)}`);
  return new Decimal(value);
};

/** The canonical string of an amount: exactly two decimals, as numeric(20,2) stores it. */
export const toMoneyString = (value: Decimal): string => {
  if (value.decimalPlaces() > 2) throw new RangeError(`more than two decimals: ${value.toString()}`);
  return value.toFixed(2);
};

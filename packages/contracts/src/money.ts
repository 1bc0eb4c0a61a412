import { centsOf, formatCents } from '@centric/billing';
import { z } from 'zod';

export type MoneySchemaMessages = {
  /** Not an amount of dollars with at most two decimals (or negative). */
  invalid: string;
  /** Above `maxDollars`. */
  max: string;
  /** Said instead of `invalid` for an amount with more than two decimals, when the form has its own sentence. */
  decimals?: string;
};

/**
 * One money field: a decimal string of dollars read by the engine's cents reader (`centsOf`, never a JS
 * number), at most `maxDollars` (whole dollars, a string), answered with exactly two decimals ("4000" → "4000.00").
 */
export const moneySchema = (maxDollars: string, messages: MoneySchemaMessages) =>
  z
    .string({ error: messages.invalid })
    .trim()
    .superRefine((value, ctx) => {
      if (messages.decimals && /^\d{1,18}\.\d{3,}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: messages.decimals });
        return;
      }
      const cents = centsOf(value);
      if (cents === undefined) ctx.addIssue({ code: 'custom', message: messages.invalid });
      else if (cents > BigInt(maxDollars) * 100n) ctx.addIssue({ code: 'custom', message: messages.max });
    })
    .transform((value) => formatCents(centsOf(value) as bigint));

/** "-2,500.5" → -250050n cents; undefined when it is not dollars with at most two decimals. */
export const signedCents = (value: string): bigint | undefined => {
  const text = value.trim().replace(/,/g, '');
  const negative = text.startsWith('-');
  const cents = centsOf(negative ? text.slice(1) : text);
  return cents === undefined ? undefined : negative ? -cents : cents;
};

const groupThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A decimal string as a display amount: '13750' → '$13,750.00', '-5.5' → '-$5.50'; '' for nothing. */
export const formatMoney = (value: string | null | undefined): string => {
  if (value === null || value === undefined || value.trim() === '') return '';
  const text = value.trim();
  const negative = text.startsWith('-');
  const [whole = '0', decimals = ''] = (negative ? text.slice(1) : text).split('.');
  const cents = decimals.padEnd(2, '0').slice(0, 2);
  return `${negative ? '-' : ''}$${groupThousands(whole.replace(/^0+(?=\d)/, '') || '0')}.${cents}`;
};

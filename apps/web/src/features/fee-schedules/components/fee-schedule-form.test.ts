import { FEE_SCHEDULE_MESSAGES } from '@centric/contracts';
import { describe, expect, it } from 'vitest';
import {
  CEILING_INPUT,
  type FeeScheduleFormValues,
  MAX_TIER_ROWS,
  type TierRow,
  addTierRow,
  checkFeeSchedule,
  feeScheduleBodyInputOf,
  feeScheduleValuesOf,
  previewScheduleOf,
  removeTierRow,
  setTierField,
  sortTierRows,
} from './fee-schedule-form.ts';

const { maximumNotAboveMinimum, overlap, incomplete } = FEE_SCHEDULE_MESSAGES;

const row = (key: string, minimum: string, maximum: string, rate: string, id?: string): TierRow => ({
  key,
  minimum,
  maximum,
  rate,
  ...(id ? { id } : {}),
});

/** The firm's standard AUM schedule as typed: 1.00 % to $500K, 0.75 % to $2M, 0.50 % above. */
const STANDARD_TIERS: TierRow[] = [
  row('a', '0', '500,000', '100'),
  row('b', '500,000', '2,000,000', '75'),
  row('c', '2,000,000', CEILING_INPUT, '50'),
];

const formValues = (patch: Partial<FeeScheduleFormValues> = {}): FeeScheduleFormValues => ({
  name: 'Standard AUM',
  type: 'PERCENTAGE',
  structure: 'TIERED',
  description: 'Households under management',
  annualMinimum: '',
  tiers: STANDARD_TIERS,
  ...patch,
});

/** The standard tiers with some fields of the rows (by key) replaced. */
const tiersWith = (patches: Record<string, Partial<TierRow>>): TierRow[] =>
  STANDARD_TIERS.map((tier) => ({ ...tier, ...patches[tier.key] }));

const errorsOf = (patch: Partial<FeeScheduleFormValues>) => checkFeeSchedule(formValues(patch)).errors;

describe('checkFeeSchedule', () => {
  it('accepts the standard schedule and gives the body and the engine schedule', () => {
    const result = checkFeeSchedule(formValues({ annualMinimum: '4,000' }));
    if (!result.ok) throw new Error(`unexpected errors ${JSON.stringify(result.errors)}`);
    expect(result.errors).toEqual({});
    expect(result.body.annualMinimum).toBe('4000.00');
    expect(result.body.tiers.map((t) => [t.minimum, t.maximum, t.rate])).toEqual([
      ['0', '500000', '100'],
      ['500000', '2000000', '75'],
      ['2000000', '10000000000', '50'],
    ]);
    expect(result.schedule).toMatchObject({
      type: 'PERCENTAGE',
      structure: 'TIERED',
      annualMinimum: '4000.00',
    });
  });

  describe('the structure, at the field of its row', () => {
    it("puts 'maximum not above minimum' at a row's maximum equal to its minimum", () => {
      const tiers = tiersWith({ b: { maximum: '500,000' }, c: { minimum: '500,000' } });
      expect(errorsOf({ tiers })).toEqual({ 'b.maximum': maximumNotAboveMinimum });
    });

    it("puts 'maximum not above minimum' at a row's maximum below its minimum", () => {
      const tiers = tiersWith({ c: { maximum: '1,000,000' } });
      expect(errorsOf({ tiers })).toEqual({ 'c.maximum': maximumNotAboveMinimum });
    });

    it('puts the overlap at the minimum of a row starting below the previous maximum', () => {
      const tiers = tiersWith({ b: { minimum: '400,000' } });
      expect(errorsOf({ tiers })).toEqual({ 'b.minimum': overlap });
    });

    it.each([
      ['b', 'minimum'],
      ['b', 'maximum'],
      ['c', 'rate'],
    ] as const)("asks for a blank %s.%s with 'Please enter the structure fields'", (key, field) => {
      const tiers = tiersWith({ [key]: { [field]: '' } });
      expect(errorsOf({ tiers })[`${key}.${field}`]).toBe(incomplete);
    });

    it('asks for the structure fields at the maximum of a last tier not ending at $10,000,000,000', () => {
      const tiers = tiersWith({ c: { maximum: '9,999,999,999.99' } });
      expect(errorsOf({ tiers })).toEqual({ 'c.maximum': incomplete });
    });

    it.each([
      ['0.5', 'Rate must be at least 1.'],
      ['1.234', 'Rate can have at most 2 decimals.'],
      ['1,000,001', 'Rate can be at most 1,000,000.'],
      ['1.2.3', 'Please enter a valid Rate.'],
    ])("refuses the rate %s in the spec's words, not the engine's (no 'got …')", (rate, message) => {
      const errors = errorsOf({ tiers: tiersWith({ b: { rate } }) });
      expect(errors).toEqual({ 'b.rate': message });
    });

    it('names a fixed fee as the editor does', () => {
      const errors = errorsOf({ type: 'FIXED', tiers: tiersWith({ b: { rate: '2,500.125' } }) });
      expect(errors).toEqual({ 'b.rate': 'Fee can have at most 2 decimals.' });
    });

    it('refuses a bound with more than two decimals in the same words', () => {
      const errors = errorsOf({
        tiers: tiersWith({ a: { maximum: '500,000.125' }, b: { minimum: '500,000.125' } }),
      });
      expect(errors['a.maximum']).toBe('Max ($) can have at most 2 decimals.');
      expect(errors['b.minimum']).toBe('Min ($) can have at most 2 decimals.');
    });

    it.each(['1', '1,000,000', '62.5'])('accepts the rate %s', (rate) => {
      const result = checkFeeSchedule(formValues({ tiers: tiersWith({ b: { rate } }) }));
      expect(result.errors).toEqual({});
      expect(result.ok && result.body.tiers[1]?.rate).toBe(rate.replace(/,/g, ''));
    });

    it('leaves how the tiers join until a blank bound is typed (no misleading tier numbers)', () => {
      // Tier 2's minimum blank and tier 3 starting inside tier 2: only the blank field is reported.
      const tiers = tiersWith({ b: { minimum: '' }, c: { minimum: '1,000,000' } });
      expect(errorsOf({ tiers })).toEqual({ 'b.minimum': incomplete });
      // Typed again: the overlap shows.
      expect(errorsOf({ tiers: tiersWith({ c: { minimum: '1,000,000' } }) })).toEqual({
        'c.minimum': overlap,
      });
    });

    it('reports a wrong maximum while another tier is still blank', () => {
      const tiers = tiersWith({ a: { maximum: '0' }, b: { minimum: '0' }, c: { rate: '' } });
      expect(errorsOf({ tiers })).toEqual({ 'a.maximum': maximumNotAboveMinimum, 'c.rate': incomplete });
    });

    it('reports the structure while the name is still blank', () => {
      const errors = errorsOf({ name: '', tiers: tiersWith({ b: { minimum: '400,000' } }) });
      expect(errors).toEqual({ name: 'Name is required.', 'b.minimum': overlap });
    });
  });

  describe('the fields', () => {
    it.each([
      ['blank', '', 'Name is required.'],
      ['only spaces', '   ', 'Name cannot contain only spaces.'],
      ['51 characters', 'N'.repeat(51), 'Name can be at most 50 characters.'],
    ])('refuses a name that is %s', (_, name, message) => {
      expect(errorsOf({ name })).toEqual({ name: message });
    });

    it('takes a name of 50 characters, trimmed', () => {
      const result = checkFeeSchedule(formValues({ name: ` ${'N'.repeat(50)} ` }));
      expect(result.ok && result.body.name).toBe('N'.repeat(50));
    });

    it('refuses a description of 51 characters and takes 50', () => {
      expect(errorsOf({ description: 'd'.repeat(51) })).toEqual({
        description: 'Description can be at most 50 characters.',
      });
      expect(errorsOf({ description: 'd'.repeat(50) })).toEqual({});
    });

    it('refuses an annual minimum of $100,000.01 and takes $100,000', () => {
      expect(errorsOf({ annualMinimum: '100,000.01' })).toEqual({
        annualMinimum: 'Annual minimum can be at most $100,000.',
      });
      const result = checkFeeSchedule(formValues({ annualMinimum: '100,000' }));
      expect(result.ok && result.body.annualMinimum).toBe('100000.00');
    });
  });
});

describe('sortTierRows', () => {
  it('sorts by the amount of the minimum, not its text, and keeps unreadable minimums last in order', () => {
    const rows = [
      row('x', '', '', '10'),
      row('d', '1,500,000', CEILING_INPUT, '40'),
      row('b', '900,000', '1,500,000', '60'),
      row('y', 'abc', '', '20'),
      row('a', '0', '900,000', '80'),
    ];
    expect(sortTierRows(rows).map((r) => r.key)).toEqual(['a', 'b', 'd', 'x', 'y']);
    expect(rows.map((r) => r.key)).toEqual(['x', 'd', 'b', 'y', 'a']);
  });

  it('keeps rows with the same minimum in their order', () => {
    const rows = [row('a', '0', '10', '1'), row('b', '500', '600', '1'), row('c', '500.00', '700', '1')];
    expect(sortTierRows(rows).map((r) => r.key)).toEqual(['a', 'b', 'c']);
  });
});

describe('setTierField', () => {
  it("carries a maximum into the next row's minimum that still equals the old maximum", () => {
    const next = setTierField(STANDARD_TIERS, 'a', 'maximum', '750,000');
    expect(next.map((r) => [r.minimum, r.maximum])).toEqual([
      ['0', '750,000'],
      ['750,000', '2,000,000'],
      ['2,000,000', CEILING_INPUT],
    ]);
    expect(STANDARD_TIERS[1]?.minimum).toBe('500,000');
  });

  it('carries a maximum into a blank next minimum', () => {
    const rows = tiersWith({ b: { minimum: '' } });
    expect(setTierField(rows, 'a', 'maximum', '600,000')[1]?.minimum).toBe('600,000');
  });

  it('leaves a next minimum that was something else', () => {
    const rows = tiersWith({ b: { minimum: '450,000' } });
    const next = setTierField(rows, 'a', 'maximum', '600,000');
    expect(next[0]?.maximum).toBe('600,000');
    expect(next[1]?.minimum).toBe('450,000');
  });

  it('changes only the field for a minimum or a rate', () => {
    const next = setTierField(STANDARD_TIERS, 'b', 'rate', '80');
    expect(next.map((r) => r.rate)).toEqual(['100', '80', '50']);
    expect(next.map((r) => r.minimum)).toEqual(['0', '500,000', '2,000,000']);
    expect(setTierField(STANDARD_TIERS, 'b', 'minimum', '450,000')[0]?.maximum).toBe('500,000');
  });
});

describe('addTierRow', () => {
  it('splits a last tier ending at $10,000,000,000: its end is left to type, the new tier takes it', () => {
    const next = addTierRow(STANDARD_TIERS);
    expect(next).toHaveLength(4);
    expect(next.slice(2).map((r) => [r.minimum, r.maximum, r.rate])).toEqual([
      ['2,000,000', '', '50'],
      ['', CEILING_INPUT, ''],
    ]);
    expect(next[2]?.key).toBe('c');
    expect(new Set(next.map((r) => r.key)).size).toBe(4);
  });

  it('starts the new tier at the end of a last tier that ends below the ceiling', () => {
    const next = addTierRow(tiersWith({ c: { maximum: '5,000,000' } }));
    expect(next.slice(2).map((r) => [r.minimum, r.maximum])).toEqual([
      ['2,000,000', '5,000,000'],
      ['5,000,000', CEILING_INPUT],
    ]);
  });

  it('refuses an 8th tier', () => {
    let rows: TierRow[] = [row('a', '0', CEILING_INPUT, '100')];
    for (let i = 1; i < MAX_TIER_ROWS; i += 1) rows = addTierRow(rows);
    expect(rows).toHaveLength(7);
    expect(addTierRow(rows)).toEqual(rows);
  });
});

describe('removeTierRow', () => {
  it('starts the next row where a removed middle row started', () => {
    expect(removeTierRow(STANDARD_TIERS, 'b').map((r) => [r.key, r.minimum, r.maximum])).toEqual([
      ['a', '0', '500,000'],
      ['c', '500,000', CEILING_INPUT],
    ]);
  });

  it('gives the end of a removed last row to the row before it', () => {
    expect(removeTierRow(STANDARD_TIERS, 'c').map((r) => [r.key, r.minimum, r.maximum])).toEqual([
      ['a', '0', '500,000'],
      ['b', '500,000', CEILING_INPUT],
    ]);
  });

  it('starts the next row at 0 when the first row goes, and keeps the only row', () => {
    expect(removeTierRow(STANDARD_TIERS, 'a')[0]).toMatchObject({ key: 'b', minimum: '0' });
    const only = [row('a', '0', CEILING_INPUT, '100')];
    expect(removeTierRow(only, 'a')).toEqual(only);
  });
});

describe('feeScheduleBodyInputOf', () => {
  it('drops the commas and keeps the ids of saved tiers only', () => {
    const values = formValues({
      annualMinimum: '2,500.50',
      tiers: [
        row('a', '0', '1,250,000.5', '87.5', 'tier-1'),
        row('new', '1,250,000.5', CEILING_INPUT, '1,000'),
      ],
    });
    expect(feeScheduleBodyInputOf(values)).toEqual({
      name: 'Standard AUM',
      type: 'PERCENTAGE',
      structure: 'TIERED',
      description: 'Households under management',
      annualMinimum: '2500.50',
      tiers: [
        { id: 'tier-1', minimum: '0', maximum: '1250000.5', rate: '87.5' },
        { minimum: '1250000.5', maximum: '10000000000', rate: '1000' },
      ],
    });
  });
});

describe('previewScheduleOf', () => {
  it('gives the schedule while the name is blank', () => {
    expect(previewScheduleOf(formValues({ name: '', annualMinimum: '4,000' }))).toEqual({
      type: 'PERCENTAGE',
      structure: 'TIERED',
      annualMinimum: '4000.00',
      tiers: [
        { minimum: '0', maximum: '500000', rate: '100' },
        { minimum: '500000', maximum: '2000000', rate: '75' },
        { minimum: '2000000', maximum: '10000000000', rate: '50' },
      ],
    });
  });

  it('leaves out an annual minimum that is not right yet', () => {
    expect(previewScheduleOf(formValues({ annualMinimum: '100,000.01' }))?.annualMinimum).toBeNull();
  });

  it('gives null while the structure is wrong', () => {
    expect(previewScheduleOf(formValues({ tiers: tiersWith({ b: { minimum: '400,000' } }) }))).toBeNull();
    expect(previewScheduleOf(formValues({ tiers: tiersWith({ c: { rate: '' } }) }))).toBeNull();
  });
});

describe('feeScheduleValuesOf', () => {
  const saved = {
    id: '7d1f3c2a-0b4e-4f6a-9c8d-1e2f3a4b5c6d',
    name: 'Planning Retainer',
    description: null,
    annualMinimum: null,
    createdAt: '2026-01-15T12:00:00.000Z',
    updatedAt: '2026-01-15T12:00:00.000Z',
  };

  it('shows a saved schedule with thousands commas: bounds, dollar fees and the minimum', () => {
    const values = feeScheduleValuesOf({
      ...saved,
      type: 'FIXED',
      structure: 'LINEAR',
      annualMinimum: '4000.00',
      tiers: [
        { id: 't1', minimum: '0.00', maximum: '1000000.00', rate: '2500' },
        { id: 't2', minimum: '1000000.00', maximum: '10000000000.00', rate: '7500.5' },
      ],
    });
    expect(values.annualMinimum).toBe('4,000');
    expect(values.tiers.map(({ id, minimum, maximum, rate }) => ({ id, minimum, maximum, rate }))).toEqual([
      { id: 't1', minimum: '0', maximum: '1,000,000', rate: '2,500' },
      { id: 't2', minimum: '1,000,000', maximum: '10,000,000,000', rate: '7,500.50' },
    ]);
  });

  it('keeps basis points as they are', () => {
    const values = feeScheduleValuesOf({
      ...saved,
      type: 'PERCENTAGE',
      structure: 'TIERED',
      tiers: [{ id: 't1', minimum: '0.00', maximum: '10000000000.00', rate: '22.5' }],
    });
    expect(values.tiers[0]?.rate).toBe('22.5');
  });
});

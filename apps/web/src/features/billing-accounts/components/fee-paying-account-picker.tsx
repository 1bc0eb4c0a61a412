import type { AccountBilling } from '@centric/contracts';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-debounced-search.ts';
import { type BillingAccountRow, usePayerSearch } from '../api/list-billing-accounts.ts';
import { payerOf } from './billing-text.ts';

type Option = { value: string; label: string; disabled?: boolean };

const optionOf = (row: BillingAccountRow): Option => {
  // An account that pays through another cannot pay for others (the server refuses it): shown, not offered.
  const paysThroughAnother = payerOf(row).kind === 'other';
  return {
    value: row.accountId,
    label: `${row.registrationName} · ${row.household} (${row.custodianNumber})${paysThroughAnother ? ' – pays through another account' : ''}`,
    ...(paysThroughAnother ? { disabled: true } : {}),
  };
};

type FeePayingAccountPickerProps = {
  /** The account whose fee is paid: its own first option. */
  account: AccountBilling;
  value: string | null;
  onChange: (accountId: string | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * The account an INDIRECT fee is deducted from: this account itself (first), or another open account of any
 * household, searched by name, household or last 4 digits (500 ms after the last key, 20 at a time).
 */
export const FeePayingAccountPicker = ({
  account,
  value,
  onChange,
  onBlur,
  error,
  readOnly = false,
  inputRef,
}: FeePayingAccountPickerProps) => {
  const self: Option = { value: account.accountId, label: `${account.registrationName} (this account)` };
  // What each picked account is called, so the box keeps its name while other searches run.
  const [picked, setPicked] = useState<ReadonlyMap<string, Option>>(() => {
    const payer = account.feePayingAccount;
    return payer && payer.id !== account.accountId
      ? new Map([[payer.id, { value: payer.id, label: `${payer.registrationName} · ${payer.household}` }]])
      : new Map();
  });
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const chosen = value === account.accountId ? self : value ? picked.get(value) : undefined;
  // The chosen name sits in the box: searching for it would hide the others.
  const term = chosen && debounced === chosen.label ? '' : debounced.trim();
  const results = usePayerSearch(term, opened && !readOnly);

  const others = new Map<string, Option>();
  if (chosen && chosen !== self) others.set(chosen.value, chosen);
  for (const row of results.data?.items ?? []) {
    if (row.accountId !== account.accountId) others.set(row.accountId, optionOf(row));
  }

  const handleChange = (id: string | null) => {
    const option = id ? others.get(id) : undefined;
    if (option) setPicked((current) => new Map(current).set(option.value, option));
    onChange(id);
  };

  return (
    <Select
      ref={inputRef}
      label="Fee-paying account"
      description={
        account.paysFor.length > 0
          ? 'Other accounts pay through this one: it can only pay its own fee itself.'
          : 'This account itself, or another open account of any household.'
      }
      withAsterisk={!readOnly}
      placeholder="Search accounts by name, household or last 4 digits"
      searchable
      data={[
        { group: 'This account', items: [self] },
        { group: 'Other open accounts', items: [...others.values()] },
      ]}
      value={value}
      onChange={handleChange}
      onBlur={onBlur}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text: show what it found.
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={
        results.isError ? errorMessage(results.error) : results.isFetching ? 'Loading...' : 'No Data Found.'
      }
      readOnly={readOnly}
      error={error}
      maw={520}
      comboboxProps={{ withinPortal: true }}
    />
  );
};

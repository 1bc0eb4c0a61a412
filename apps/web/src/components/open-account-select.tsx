import { forwardRef } from 'react';
import { type OpenAccountOption, useOpenAccountSearch } from '../lib/lookups/open-account-search.ts';
import { RemoteSelect, type RemoteSelectProps } from './remote-select.tsx';

/** The account a form holds: its id and what the picker shows of it. */
export type PickedAccount = Pick<OpenAccountOption, 'id' | 'registrationName' | 'household'>;

/** 'Smith Joint · Smith, John'. */
export const accountLabel = (account: PickedAccount) => `${account.registrationName} · ${account.household}`;

/**
 * One open account of any household, searched on the server by name, household or last 4 digits (20 at a
 * time, debounced 500 ms); the first accounts show as soon as it opens.
 */
export const OpenAccountSelect = forwardRef<HTMLInputElement, RemoteSelectProps<PickedAccount>>(
  (props, ref) => (
    <RemoteSelect
      {...props}
      selectRef={ref}
      placeholder="Search accounts by name, household or last 4 digits"
      labelOf={accountLabel}
      useOptions={useOpenAccountSearch}
    />
  ),
);
OpenAccountSelect.displayName = 'OpenAccountSelect';

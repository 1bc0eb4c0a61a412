import type { AccountBilling, PayMethod } from '@centric/contracts';

/** What each pay method means (ARCHITECTURE.md, decisions: pay methods), beside the method's label. */
export const PAY_METHOD_EXPLANATIONS: Readonly<Record<PayMethod, string>> = {
  UNASSIGNED: 'Not ready to bill: choose how the fee is paid.',
  ACH: "Collected from the household's ACH bank account.",
  INDIRECT: 'The custodian deducts it from the fee-paying account.',
};

/** Spec §3 Enumerations: the value a bill is computed on. */
export const VALUATION_LABEL = 'Period end value';

type Payer = Pick<AccountBilling, 'accountId' | 'payMethod' | 'feePayingAccount'>;

/**
 * Who pays an account's fee when the custodian deducts it: the account itself, another account, or nobody
 * yet (an INDIRECT account without its paying account); `none` for ACH and UNASSIGNED.
 */
export const payerOf = (account: Payer) => {
  if (account.payMethod !== 'INDIRECT') return { kind: 'none' } as const;
  const payer = account.feePayingAccount;
  if (!payer) return { kind: 'missing' } as const;
  if (payer.id === account.accountId) return { kind: 'itself' } as const;
  return { kind: 'other', payer } as const;
};

-- The deposits and withdrawals of a period across the firm (/billing/cashflows, issue 14) by date, without reading
-- every trade.
CREATE INDEX "account_transactions_flows_idx" ON "account_transactions" USING btree ("trade_date") WHERE "account_transactions"."type" in ('DEPOSIT','WITHDRAWAL');
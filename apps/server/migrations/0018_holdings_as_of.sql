-- The bill run's valuation (householdValuesOn) reads only the holdings of the accounts' latest snapshots'
-- dates: a quarter of the rows when snapshots are quarterly (issue 13 §6, docs/performance.md).
CREATE INDEX "holdings_as_of_idx" ON "holdings" USING btree ("as_of");

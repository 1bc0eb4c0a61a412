import { sql } from 'drizzle-orm';

/**
 * The missing-information rules (issue 12 §4), what each needs of a household and where it is missing,
 * phrased as Practifi does: "Phone, State of residence (household), SSN (Anya)". For every active, finished
 * (not draft) household:
 *
 * - of the household, through its primary member: `Phone` (no phone number), `Email` (no email address),
 *   `State of residence (household)` (no primary address with a state);
 * - of each living PERSON member: `Date of birth (First name)` (birthdays, ages and special days need it);
 * - of each living adult PERSON member (primary, secondary, spouse, partner): `SSN (First name)`;
 * - of each TRUST and BUSINESS member: `TIN (Name)` (its identity number).
 *
 * The household's items come first, then each member's in display order (date of birth before SSN).
 * `missingInformationSql(householdId | null)` is the WITH clause ending in `missing(household_id, message,
 * details)`, one row per household with something missing, for one household or all of them in one
 * set-based query (anti-joins over the members, phones, emails and addresses; no query per household).
 */
export const missingInformationSql = (householdId: string | null) => {
  const scope = householdId ? sql`and h.id = ${householdId}::uuid` : sql``;
  return sql`
    with hh as (
      select h.id from households h where h.status = 'ACTIVE' and not h.draft ${scope}
    ),
    primary_member as (
      select m.id, m.household_id from members m join hh on hh.id = m.household_id where m.sub_type = 'PRIMARY'
    ),
    items as (
      select hh.id as household_id, -1 as member_seq, null::uuid as member_id, 1 as item_seq,
        'phone' as field, 'Phone' as label, null::text as member_name
      from hh where not exists (
        select 1 from primary_member pm join member_phones p on p.member_id = pm.id where pm.household_id = hh.id)
      union all
      select hh.id, -1, null::uuid, 2, 'email', 'Email', null::text
      from hh where not exists (
        select 1 from primary_member pm join member_emails e on e.member_id = pm.id where pm.household_id = hh.id)
      union all
      select hh.id, -1, null::uuid, 3, 'stateOfResidence', 'State of residence (household)', null::text
      from hh where not exists (
        select 1 from primary_member pm join member_addresses ad on ad.member_id = pm.id
        where pm.household_id = hh.id and ad.is_primary and ad.state_id is not null)
      union all
      select m.household_id, m.display_sequence, m.id, 1, 'dateOfBirth',
        'Date of birth (' || m.first_name || ')', m.first_name
      from members m join hh on hh.id = m.household_id
      where m.type = 'PERSON' and not m.deceased and m.date_of_birth is null
      union all
      select m.household_id, m.display_sequence, m.id, 2, 'identityNumber',
        case when m.type = 'PERSON' then 'SSN (' || m.first_name || ')'
          else 'TIN (' || trim(m.first_name || ' ' || m.last_name) || ')' end,
        case when m.type = 'PERSON' then m.first_name else trim(m.first_name || ' ' || m.last_name) end
      from members m join hh on hh.id = m.household_id
      where m.identity_number_sealed is null and not m.deceased
        and (m.type in ('TRUST', 'BUSINESS')
          or (m.type = 'PERSON' and m.sub_type in ('PRIMARY', 'SECONDARY', 'SPOUSE', 'PARTNER')))
    ),
    missing as (
      select household_id,
        string_agg(label, ', ' order by member_seq, member_id nulls first, item_seq) as message,
        jsonb_build_object('items', jsonb_agg(
          jsonb_build_object('field', field, 'label', label, 'memberId', member_id, 'memberName', member_name)
          order by member_seq, member_id nulls first, item_seq)) as details
      from items group by household_id
    )`;
};

import { MultiSelect } from '@mantine/core';

type TeamsMultiSelectProps = {
  teams: ReadonlyArray<{ id: number; name: string }>;
  value: string[];
  onChange: (value: string[]) => void;
};

/** The teams a user belongs to (optional), as the add and edit forms both ask for them. */
export const TeamsMultiSelect = ({ teams, value, onChange }: TeamsMultiSelectProps) => (
  <MultiSelect
    label="Teams"
    placeholder={value.length === 0 ? 'Select teams (optional)' : undefined}
    data={teams.map((team) => ({ value: String(team.id), label: team.name }))}
    value={value}
    onChange={onChange}
    searchable
    clearable
    nothingFoundMessage="No data available"
    comboboxProps={{ withinPortal: true }}
  />
);

import { Stack, Text, Title } from '@mantine/core';

/** "Good morning" until noon, "Good afternoon" until 6 pm, then "Good evening". */
export const greetingFor = (date: Date): string => {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};

export const firstNameOf = (fullName: string): string => fullName.trim().split(/\s+/)[0] ?? fullName;

type GreetingProps = { fullName: string; now?: Date };

export const Greeting = ({ fullName, now = new Date() }: GreetingProps) => (
  <Stack gap={4}>
    <Title order={1} size="h2">
      {greetingFor(now)}, {firstNameOf(fullName)}
    </Title>
    <Text c="dimmed">
      {now.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}
    </Text>
  </Stack>
);

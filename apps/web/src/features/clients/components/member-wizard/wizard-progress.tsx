import { MEMBER_WIZARD_STEPS } from '@centric/contracts';
import { Group, Progress, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { STEP_LABELS } from './member-values.ts';
import classes from './wizard-progress.module.css';

type WizardProgressProps = {
  active: number;
  /** How many steps are saved (the member's completedSteps). */
  completedSteps: number;
  canSelect: (index: number) => boolean;
  onSelect: (index: number) => void;
};

/**
 * The steps (spec §4: basic, preferences, contact, identity, employment) with what is saved, and a
 * progress bar that advances as each step is saved.
 */
export const WizardProgress = ({ active, completedSteps, canSelect, onSelect }: WizardProgressProps) => {
  const total = MEMBER_WIZARD_STEPS.length;
  const saved = Math.min(completedSteps, total);
  return (
    <Stack gap="xs" mb="lg">
      <nav aria-label="Member form steps">
        <ol className={classes.steps}>
          {MEMBER_WIZARD_STEPS.map((step, index) => {
            const done = index < saved;
            const current = index === active;
            const { label, description } = STEP_LABELS[step];
            return (
              <li key={step} className={classes.item}>
                <UnstyledButton
                  className={classes.step}
                  data-active={current || undefined}
                  disabled={!current && !canSelect(index)}
                  aria-current={current ? 'step' : undefined}
                  onClick={() => !current && onSelect(index)}
                >
                  <Group gap="xs" wrap="nowrap">
                    <ThemeIcon
                      size={28}
                      radius="xl"
                      variant={done ? 'filled' : current ? 'light' : 'default'}
                      aria-hidden="true"
                    >
                      {done ? <IconCheck size={16} /> : <Text size="sm">{index + 1}</Text>}
                    </ThemeIcon>
                    <div>
                      <Text size="sm" fw={current ? 700 : 500}>
                        {label}
                        <VisuallyHidden>{done ? ' (saved)' : ' (not saved yet)'}</VisuallyHidden>
                      </Text>
                      <Text size="xs" c="dimmed" visibleFrom="md">
                        {description}
                      </Text>
                    </div>
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </ol>
      </nav>
      <Progress value={(saved / total) * 100} size="sm" aria-label={`${saved} of ${total} steps saved`} />
      <Text size="xs" c="dimmed">
        {saved} of {total} steps saved
      </Text>
    </Stack>
  );
};

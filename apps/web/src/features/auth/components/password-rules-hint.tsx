import { PASSWORD_MESSAGES } from '@centric/contracts';
import { Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/**
 * "Password requirements" with the rules in a tooltip (PASSWORD_MESSAGES.tooltip); used as the description of
 * a new-password field, so the rules are also announced with the field. Opens on hover and on keyboard focus.
 */
export const PasswordRulesHint = () => (
  <Tooltip label={PASSWORD_MESSAGES.tooltip} position="bottom-start" w={300}>
    <UnstyledButton type="button" aria-label={PASSWORD_MESSAGES.tooltip} fz="xs" c="dimmed">
      <Group gap={4} component="span" wrap="nowrap">
        <IconInfoCircle size={14} aria-hidden="true" />
        <Text component="span" inherit td="underline" style={{ textDecorationStyle: 'dotted' }}>
          Password requirements
        </Text>
      </Group>
    </UnstyledButton>
  </Tooltip>
);

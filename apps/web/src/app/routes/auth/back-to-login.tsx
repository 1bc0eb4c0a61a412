import { Anchor, Center } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

type BackToLoginProps = { onClick?: () => void; label?: string };

export const BackToLogin = ({ onClick, label = 'Back to Login' }: BackToLoginProps) => (
  <Center mt="lg">
    <Anchor component={Link} to={paths.signIn.href()} size="sm" fw={500} onClick={onClick}>
      <IconArrowLeft size={14} style={{ verticalAlign: '-2px', marginRight: 4 }} aria-hidden="true" />
      {label}
    </Anchor>
  </Center>
);

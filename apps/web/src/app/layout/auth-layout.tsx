import { Anchor, Paper, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import classes from './auth-layout.module.css';
import { paths } from '../../lib/paths.ts';

/** The signed-out screens: a centred card on a quiet background, the logo on top. */
export const AuthLayout = () => (
  <main className={classes.page}>
    <Paper className={classes.card} shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }} withBorder>
      <Anchor href={paths.signIn.href()} aria-label="Centric" display="inline-block" mb="xl">
        <Logo height={36} />
      </Anchor>
      <Outlet />
    </Paper>
    <Text size="xs" c="dimmed" className={classes.footer}>
      © {new Date().getFullYear()} Centric · For authorised staff only
    </Text>
  </main>
);

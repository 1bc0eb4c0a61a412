import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { getSession } from '../lib/session.ts';

type LeaveGuardProps = {
  /** There are unsaved changes: leaving asks first. */
  when: boolean;
  /** What would be lost, e.g. "Your changes to the permissions of Operations are not saved." */
  message: string;
};

/**
 * Asks before unsaved changes are left behind: in the app (another link, the sidebar, the browser's back and
 * forward, a change of the URL's query such as another selected record) with a confirmation, and on reload
 * or close with the browser's own question (`beforeunload`). A session that ended (signed out here, in another
 * tab, or idle) is never held up.
 */
export const LeaveGuard = ({ when, message }: LeaveGuardProps) => {
  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
    when &&
    getSession() !== null &&
    (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return undefined;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [when]);

  // The changes were saved or discarded while the question was open: let the navigation go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      size="sm"
      centered
      zIndex={400}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay
        </Button>
        <Button color="red.9" onClick={() => blocker.proceed?.()}>
          Leave and discard
        </Button>
      </Group>
    </Modal>
  );
};

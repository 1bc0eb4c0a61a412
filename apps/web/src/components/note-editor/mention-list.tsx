import { Paper, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import {
  MENTION_LIST_MESSAGES,
  type MentionController,
  type MentionListState,
} from './mention-suggestion.ts';
import classes from './note-editor.module.css';

type MentionListProps = {
  state: Extract<MentionListState, { open: true }>;
  controller: MentionController;
  /** The listbox's id (the editable area points at it with aria-controls). */
  id: string;
  /** The box the list is placed in, to turn the caret's screen position into an offset. */
  container: HTMLElement | null;
};

/** The id of an option, for aria-activedescendant. */
export const mentionOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

const placement = (anchor: DOMRect | null, container: HTMLElement | null): CSSProperties => {
  if (!anchor || !container) return {};
  const box = container.getBoundingClientRect();
  return { top: anchor.bottom - box.top + 4, left: Math.max(0, anchor.left - box.left) };
};

/**
 * The suggestions under the typed `@query` or `#query`: an ARIA listbox whose active option follows the arrow
 * keys while the focus stays in the editor (aria-activedescendant); a click chooses without taking the focus.
 */
export const MentionList = ({ state, controller, id, container }: MentionListProps) => {
  const label = state.kind === 'user' ? 'Users to mention' : 'Households to mention';
  const message =
    state.status === 'loading'
      ? MENTION_LIST_MESSAGES.loading
      : state.status === 'error'
        ? MENTION_LIST_MESSAGES.error
        : state.items.length === 0
          ? MENTION_LIST_MESSAGES.empty
          : null;
  return (
    <Paper className={classes.mentionList} shadow="md" withBorder style={placement(state.anchor, container)}>
      <div role="listbox" id={id} aria-label={label} aria-busy={state.status === 'loading'}>
        {state.items.map((item, index) => (
          <UnstyledButton
            key={item.id}
            component="div"
            role="option"
            id={mentionOptionId(id, index)}
            aria-selected={index === state.activeIndex}
            tabIndex={-1}
            className={classes.mentionOption}
            data-active={index === state.activeIndex || undefined}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => controller.setActive(index)}
            onClick={() => controller.choose(index)}
          >
            <Text size="sm" fw={500} component="span" display="block">
              {item.label}
            </Text>
            {item.sublabel ? (
              <Text size="xs" c="dimmed" component="span" display="block">
                {item.sublabel}
              </Text>
            ) : null}
          </UnstyledButton>
        ))}
      </div>
      {message ? (
        <Text size="sm" px="sm" py={6} role="status" c={state.status === 'error' ? 'red.9' : 'dimmed'}>
          {message}
        </Text>
      ) : null}
    </Paper>
  );
};

import { Skeleton } from '@mantine/core';
import { Suspense, lazy } from 'react';
import type { NoteEditorProps } from './note-editor.tsx';

const NoteEditorChunk = lazy(() => import('./note-editor.tsx').then((m) => ({ default: m.NoteEditor })));

/**
 * The note editor loaded on first use (TipTap and ProseMirror are about 130 kB gzipped): for a screen that
 * shows the editor only sometimes (a modal, a collapsed panel), so that the screen's own chunk stays small.
 */
export const LazyNoteEditor = (props: NoteEditorProps) => (
  <Suspense fallback={<Skeleton height={132} radius="md" aria-label="Loading the editor" />}>
    <NoteEditorChunk {...props} />
  </Suspense>
);

import type { Task } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { masterDataItemFixture } from '../../../test/fixtures.ts';
import { makeUser, renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { recurrenceText } from './task-badges.tsx';
import { TaskFormModal } from './task-form-modal.tsx';
import { TaskList } from './task-list.tsx';

beforeAll(() => {
  // The autosizing description listens to document.fonts, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

const ME = makeUser();
const TASK_ID = '7d0c2f3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f';
const CLIENT_ID = '0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c4d';
const CALL = masterDataItemFixture({ id: 3, type: 'task-types', name: 'Call' });

const task = (overrides: Partial<Task> = {}): Task => ({
  id: TASK_ID,
  description: 'Call about the annual review',
  type: { id: 3, name: 'Call' },
  dueDate: '2026-03-02',
  dueState: 'overdue',
  priority: 'HIGH',
  status: 'OPEN',
  completedAt: null,
  assignee: { id: ME.id, fullName: ME.fullName },
  household: { id: CLIENT_ID, name: 'Bennett Household' },
  recurrence: { unit: 'WEEK', every: 2, anchor: '2026-03-02', index: 0 },
  createdBy: { id: ME.id, fullName: ME.fullName },
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

/** The input of a labelled field (a select's list is labelled by the same label). */
const field = (label: RegExp) => {
  const input = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no field ${String(label)}`);
  return input;
};

const stub = (routes: Parameters<typeof stubFetch>[0] = {}) => {
  const s = stubFetch({ 'GET /api/master-data/task-types': [200, 'Success', [CALL]], ...routes });
  vi.stubGlobal('fetch', s.fetchStub);
  return s;
};

beforeEach(() => {
  startFullSession({ token: 'full-token', sso: false, user: ME });
});

describe('TaskFormModal', () => {
  it('says the type and the due date are required, in the spec words, and sends nothing', async () => {
    const { calls } = stub();
    renderWithProviders(<TaskFormModal target="new" onClose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /description/i }), 'Send the forms');
    await userEvent.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Task type is required for creating task')).toBeInTheDocument();
    expect(screen.getByText('Due date is required for creating task')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the description, type, due date, priority, me as assignee and the repeat rule', async () => {
    const { calls } = stub({ 'POST /api/tasks': [201, 'Task created successfully.', task()] });
    const onClose = vi.fn();
    renderWithProviders(<TaskFormModal target="new" onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: /description/i }), '  Send the forms ');
    await userEvent.click(field(/^type/i));
    await userEvent.click(await screen.findByRole('option', { name: 'Call' }));
    await userEvent.type(screen.getByLabelText(/due date/i), '2026-03-10');
    await userEvent.click(field(/^priority/i));
    await userEvent.click(screen.getByRole('option', { name: 'High' }));
    await userEvent.click(field(/^repeat/i));
    await userEvent.click(screen.getByRole('option', { name: 'Every N Weeks' }));
    const every = screen.getByRole('textbox', { name: /every how many weeks/i });
    await userEvent.clear(every);
    await userEvent.type(every, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/tasks');
    expect(post?.body).toEqual({
      description: 'Send the forms',
      typeId: 3,
      dueDate: '2026-03-10',
      priority: 'HIGH',
      assigneeId: ME.id,
      clientId: null,
      recurrence: { unit: 'WEEK', every: 2 },
    });
  });

  it("shows the server's field error on its field", async () => {
    // The answer carries field errors, which stubFetch does not send.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith('/api/master-data/task-types'))
        return new Response(JSON.stringify({ statusCode: 200, message: 'Success', result: [CALL] }));
      return new Response(
        JSON.stringify({
          statusCode: 400,
          message: 'This task type does not exist.',
          result: null,
          errors: [{ field: 'typeId', message: 'This task type does not exist.' }],
        }),
        { status: 400 },
      );
    });
    renderWithProviders(<TaskFormModal target="new" onClose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /description/i }), 'Send the forms');
    await userEvent.click(field(/^type/i));
    await userEvent.click(await screen.findByRole('option', { name: 'Call' }));
    await userEvent.type(screen.getByLabelText(/due date/i), '2026-03-10');
    await userEvent.click(screen.getByRole('button', { name: 'Create task' }));
    const typeField = field(/^type/i);
    await waitFor(() => expect(typeField).toHaveAccessibleDescription('This task type does not exist.'));
  });
});

describe('TaskList', () => {
  it('shows each task with its type, due state, priority, household and repeat rule', async () => {
    stub({ 'GET /api/tasks': [200, 'Success', [task()]] });
    renderWithProviders(<TaskList duration="THIS_MONTH" />);
    const row = (await screen.findByText('Call about the annual review')).closest('tr')!;
    expect(within(row).getByText('03/02/2026')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Bennett Household' })).toHaveAttribute(
      'href',
      `/client-detail/${CLIENT_ID}`,
    );
    expect(within(row).getByRole('img', { name: 'Repeats every 2 weeks' })).toBeInTheDocument();
  });

  it("asks for the signed-in user's open tasks of the period, 10 a page, new first", async () => {
    const { calls } = stub({ 'GET /api/tasks': [200, 'Success', []] });
    renderWithProviders(<TaskList duration="THIS_WEEK" />);
    expect(await screen.findByText('No open tasks')).toBeInTheDocument();
    const url = new URL(calls.find((c) => c.url.startsWith('/api/tasks'))!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      assigneeId: ME.id,
      status: 'OPEN',
      duration: 'THIS_WEEK',
      page: '1',
      limit: '10',
      sortBy: 'createdAt',
      order: 'DESC',
    });
  });

  it('completes a task with PATCH status DONE and offers Undo', async () => {
    const { calls } = stub({
      'GET /api/tasks': [200, 'Success', [task()]],
      [`PATCH /api/tasks/${TASK_ID}`]: [
        200,
        'Task completed successfully.',
        { ...task({ status: 'DONE' }), nextOccurrence: null },
      ],
    });
    renderWithProviders(<TaskList duration="THIS_MONTH" />);
    const box = await screen.findByRole('checkbox', { name: 'Complete Call about the annual review' });
    await userEvent.click(box);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        url: `/api/tasks/${TASK_ID}`,
        body: { status: 'DONE' },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('deletes a task only after the confirmation', async () => {
    const { calls } = stub({
      'GET /api/clients/0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c4d/tasks': [200, 'Success', [task()]],
      [`DELETE /api/tasks/${TASK_ID}`]: [200, 'Task deleted successfully.', null],
    });
    renderWithProviders(<TaskList household={{ clientId: CLIENT_ID, name: 'Bennett Household' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Call about the annual review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the task');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Task deleted successfully.')).toBeInTheDocument();
  });
});

describe('recurrenceText', () => {
  it.each([
    [{ unit: 'DAY', every: 1 }, 'Repeats every day'],
    [{ unit: 'MONTH', every: 3 }, 'Repeats every 3 months'],
  ] as const)('%j → %s', (rule, text) =>
    expect(recurrenceText({ ...rule, anchor: '2026-01-31', index: 0 })).toBe(text),
  );
});

import type { WorkflowStep, WorkflowTemplate } from '@centric/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { publishQuestion } from './workflow-template-editor.tsx';
import { WorkflowTemplatesManager } from './workflow-templates-manager.tsx';

beforeAll(() => {
  // The autosizing descriptions listen to document.fonts, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

const TEMPLATE_ID = '6f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const VERSION_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const DRAFT_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const STEP_IDS = [
  'a1a1a1a1-1111-4111-8111-111111111111',
  'b2b2b2b2-2222-4222-8222-222222222222',
  'c3c3c3c3-3333-4333-8333-333333333333',
] as const;

const step = (index: number, title: string, overrides: Partial<WorkflowStep> = {}): WorkflowStep => ({
  id: STEP_IDS[index]!,
  position: index,
  title,
  description: null,
  assigneeKind: 'ROLE',
  assigneeUserId: null,
  assigneeUserName: null,
  assigneeRole: 'WEALTH_ADVISOR_1',
  dueDays: 2,
  dueUnit: 'BUSINESS',
  dueFrom: index === 0 ? 'REQUEST_START' : 'PREVIOUS_STEP',
  required: true,
  completionRequirement: 'NONE',
  ...overrides,
});

const STEPS = [step(0, 'Collect documents'), step(1, 'Open accounts'), step(2, 'Welcome call')];

const PUBLISHED: WorkflowTemplate = {
  id: TEMPLATE_ID,
  name: 'Account Opening',
  description: 'Open and fund one account.',
  workflowType: { id: 7, name: 'New Account Opening' },
  state: 'PUBLISHED',
  currentVersion: 1,
  stepCount: 3,
  updatedAt: '2026-11-20T12:00:00.000Z',
  current: {
    id: VERSION_ID,
    version: 1,
    publishedAt: '2026-11-20T12:00:00.000Z',
    publishedBy: 'Alex Morgan',
    updatedAt: '2026-11-20T12:00:00.000Z',
    steps: STEPS,
  },
  draft: null,
  versions: [
    {
      id: VERSION_ID,
      version: 1,
      publishedAt: '2026-11-20T12:00:00.000Z',
      publishedBy: 'Alex Morgan',
      updatedAt: '2026-11-20T12:00:00.000Z',
    },
  ],
  runningRequests: 3,
};

const WITH_DRAFT: WorkflowTemplate = {
  ...PUBLISHED,
  state: 'PUBLISHED_WITH_DRAFT',
  draft: {
    id: DRAFT_ID,
    version: null,
    publishedAt: null,
    publishedBy: null,
    updatedAt: PUBLISHED.updatedAt,
    steps: STEPS,
  },
};

const summaryOf = ({
  current: _c,
  draft: _d,
  versions: _v,
  runningRequests: _r,
  ...summary
}: WorkflowTemplate) => summary;

const TYPES = [
  { id: 7, type: 'workflow-types', name: 'New Account Opening', description: null, active: true },
];

const renderScreen = (template: WorkflowTemplate | null, canWrite = true) => {
  const routes: Parameters<typeof stubFetch>[0] = {
    'GET /api/workflow-templates': [200, 'Success', template ? [summaryOf(template)] : []],
    'GET /api/master-data/workflow-types': [200, 'Success', TYPES],
    ...(template
      ? {
          [`GET /api/workflow-templates/${template.id}`]: [200, 'Success', template],
          [`PATCH /api/workflow-templates/${template.id}`]: [
            200,
            'Workflow template saved as a draft.',
            WITH_DRAFT,
          ],
          [`POST /api/workflow-templates/${template.id}/publish`]: [
            200,
            'Workflow template published.',
            { ...PUBLISHED, currentVersion: 2 },
          ],
        }
      : {}),
  };
  const stub = stubFetch(routes);
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutes(
    [
      {
        path: '/create-request-manage-workflows',
        element: <WorkflowTemplatesManager rights={{ canWrite, canDelete: canWrite }} />,
      },
    ],
    ['/create-request-manage-workflows'],
  );
  return { calls: stub.calls };
};

const openTemplate = async (title = 'Edit workflow template') => {
  fireEvent.click(await screen.findByRole('button', { name: 'Open Account Opening' }));
  const dialog = await screen.findByRole('dialog', { name: title });
  // The template is loaded: its steps are shown.
  await within(dialog).findAllByRole('textbox', { name: /^Title/ });
  return dialog;
};

const titles = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('textbox', { name: /^Title/ })
    .map((input) => (input as HTMLInputElement).value);

describe('Manage Workflows', { timeout: 30_000 }, () => {
  it('shows the empty state when the firm has no templates', async () => {
    renderScreen(null);
    expect(await screen.findByText('No workflow templates yet')).toBeInTheDocument();
  });

  it('lists a template with its type, steps and version', async () => {
    renderScreen(PUBLISHED);
    const row = (await screen.findByRole('button', { name: 'Open Account Opening' })).closest('tr')!;
    expect(row).toHaveTextContent('New Account Opening');
    expect(row).toHaveTextContent('v1');
    expect(row).toHaveTextContent('Published');
  });

  it('reorders steps with the keyboard and saves the order as a draft', async () => {
    const { calls } = renderScreen(PUBLISHED);
    const dialog = await openTemplate();
    expect(within(dialog).getByText('Version 1')).toBeInTheDocument();
    const handle = within(dialog).getByRole('button', {
      name: /^Reorder Collect documents, position 1 of 3/,
    });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(titles(dialog)).toEqual(['Open accounts', 'Collect documents', 'Welcome call']);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Collect documents moved to position 2 of 3.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')!.body as {
      steps: { id: string; dueFrom: string }[];
    };
    expect(body.steps.map((s) => s.id)).toEqual([STEP_IDS[1], STEP_IDS[0], STEP_IDS[2]]);
    // The new first step counts from the request's start.
    expect(body.steps[0]!.dueFrom).toBe('REQUEST_START');
  });

  it('reorders steps by drag and drop, and with Move up', async () => {
    renderScreen(PUBLISHED);
    const dialog = await openTemplate();
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      effectAllowed: 'all',
      get types() {
        return [...store.keys()];
      },
    };
    const handle = within(dialog).getByRole('button', { name: /^Reorder Welcome call/ });
    const target = within(dialog).getByRole('listitem', { name: 'Step 1: Collect documents' });
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(titles(dialog)).toEqual(['Welcome call', 'Collect documents', 'Open accounts']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Open accounts up' }));
    expect(titles(dialog)).toEqual(['Welcome call', 'Open accounts', 'Collect documents']);
  });

  it('adds a step only once the last one is filled', async () => {
    renderScreen(null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add workflow template' });
    const add = within(dialog).getByRole('button', { name: 'Add step' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByText('Fill in the last step before adding another.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Collect documents');
    expect(add).toBeEnabled();
    await user.click(add);
    expect(titles(dialog)).toEqual(['Collect documents', '']);
    expect(add).toBeDisabled();
  });

  it('shows the contract messages before sending anything', async () => {
    const { calls } = renderScreen(null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add workflow template' });
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(within(dialog).getByText('Please enter the template name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select the workflow type.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the step title.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('publishes a draft as the next version after confirming', async () => {
    const { calls } = renderScreen(WITH_DRAFT);
    const dialog = await openTemplate();
    expect(within(dialog).getByText('Draft')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    // The server's count of the template's running requests: they stay on their version.
    expect(confirm).toHaveTextContent(
      'Publish Account Opening as version 2? New requests will use version 2; 3 running requests stay on the versions they started on.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Publish version 2' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.method === 'POST' && c.url.endsWith(`/workflow-templates/${TEMPLATE_ID}/publish`),
        ),
      ).toBe(true),
    );
  });

  it('the publish question counts the running requests that stay on their version', () => {
    expect(publishQuestion({ ...WITH_DRAFT, runningRequests: 1 })).toBe(
      'Publish Account Opening as version 2? New requests will use version 2; 1 running request stays on the version it started on.',
    );
    expect(publishQuestion({ ...WITH_DRAFT, runningRequests: 0 })).toBe(
      'Publish Account Opening as version 2? New requests will use version 2; no request is running, so none stays on an older version.',
    );
    expect(publishQuestion({ ...WITH_DRAFT, current: null, runningRequests: 0 })).toBe(
      'Publish Account Opening as version 1? New requests will use version 1; it is the first version.',
    );
  });

  it('without write permission the template is read only', async () => {
    renderScreen(PUBLISHED, false);
    const dialog = await openTemplate('Workflow template');
    expect(within(dialog).queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Reorder/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add template' })).toBeNull();
  });
});

import type { MemberDetail } from '@centric/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../../lib/session.ts';
import { masterDataItemFixture } from '../../../../test/fixtures.ts';
import { makeUser, renderWithProviders, stubFetch } from '../../../../test/render.tsx';
import { memberFixture } from '../detail/test-fixtures.ts';
import { MemberWizard, type MemberWizardProps } from './member-wizard.tsx';

const CLIENT_ID = '7d1c6a52-1f0e-4c3b-9a8d-2e5f6a7b8c90';
const MEMBER_ID = '3a2b1c0d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const MEMBER_URL = `/api/clients/${CLIENT_ID}/members/${MEMBER_ID}`;

const item = (id: number, name: string, subItems?: { id: number; name: string }[]) => ({
  ...masterDataItemFixture({ id, type: 'x', name, subItemCount: subItems?.length ?? 0 }),
  ...(subItems ? { subItems } : {}),
});

const MASTER_DATA: Record<string, [number, string, unknown]> = {
  'POST /api/getGender': [200, 'Success', [item(1, 'Female'), item(2, 'Male')]],
  'POST /api/getMarriageStatus': [200, 'Success', [item(3, 'Married'), item(4, 'Single')]],
  'POST /api/getSexualOrientation': [200, 'Success', [item(5, 'Heterosexual')]],
  'POST /api/getPoliticalParty': [200, 'Success', [item(6, 'Independent')]],
  'POST /api/getReligiousAffiliations': [
    200,
    'Success',
    [item(7, 'Christianity', [{ id: 70, name: 'Catholic' }])],
  ],
  'POST /api/getSpecificInterest': [200, 'Success', [item(8, 'Golf')]],
  'POST /api/getEmploymentStatus': [200, 'Success', [item(9, 'Employed'), item(10, 'Retired')]],
  'POST /api/getIndustry': [200, 'Success', [item(11, 'Finance', [{ id: 110, name: 'Banker' }])]],
  'POST /api/statesType': [200, 'Success', [item(12, 'New York')]],
};

const member = (overrides: Partial<MemberDetail> = {}): MemberDetail =>
  memberFixture({
    id: MEMBER_ID,
    clientId: CLIENT_ID,
    subType: 'PRIMARY',
    displaySequence: 1,
    completedSteps: 1,
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    date: '1980-01-15',
    gender: 1,
    genderName: 'Female',
    marriageStatus: 3,
    marriageStatusName: 'Married',
    ...overrides,
  });

// Whole forms typed key by key: slower than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => notifications.clean());

/** A 400 answer with field errors (stubFetch answers the envelope without errors[]). */
type Refusal = { message: string; errors: { field: string; message: string }[] };

const setup = (
  routes: Record<string, [number, string, unknown]>,
  props: Partial<MemberWizardProps> = {},
  options: { user?: ReturnType<typeof makeUser>; refusals?: Record<string, Refusal> } = {},
) => {
  startFullSession({ token: 'full-token', sso: false, user: options.user ?? makeUser() });
  const { fetchStub, calls } = stubFetch({ ...MASTER_DATA, ...routes });
  const refusals = options.refusals ?? {};
  const fetchWithRefusals = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetchStub(input, init);
    const refusal = refusals[`${init?.method ?? 'GET'} ${String(input).split('?')[0]}`];
    if (!refusal) return response;
    return new Response(JSON.stringify({ statusCode: 400, result: null, ...refusal }), {
      status: 400,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchWithRefusals);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithProviders(<MemberWizard opened onClose={onClose} onSaved={onSaved} {...props} />);
  return { calls, onClose, onSaved, typist: userEvent.setup({ delay: null }) };
};

type Typist = ReturnType<typeof userEvent.setup>;

const pick = async (typist: Typist, label: string, option: string) => {
  await typist.click(screen.getByRole('combobox', { name: label }));
  await typist.click(await screen.findByRole('option', { name: option }));
};

const textbox = (name: string) => screen.getByRole('textbox', { name });
const writes = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((c) => c.method !== 'GET' && !/\/api\/(get|states)/.test(c.url));
const currentStep = () =>
  screen.getByRole('navigation', { name: 'Member form steps' }).querySelector('[aria-current="step"]');

const fillBasic = async (typist: Typist) => {
  await typist.type(textbox('First name'), 'Ada');
  await typist.type(textbox('Last name'), 'Lovelace');
  await typist.type(textbox('Date of birth'), '01151980');
  await pick(typist, 'Gender', 'Female');
  await pick(typist, 'Marriage status', 'Married');
};

describe('MemberWizard: basic step', () => {
  it('shows every message of step 1 at once, focuses the first invalid field and sends nothing', async () => {
    const { calls, typist } = setup({});
    expect(screen.getByRole('dialog', { name: 'New household' })).toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByText('Date of birth is required.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Basic details' });
    // First name, last name, gender and marriage status.
    expect(within(form).getAllByText('Required')).toHaveLength(4);
    expect(textbox('First name')).toHaveFocus();
    expect(writes(calls)).toHaveLength(0);
  });

  it('rejects names of only spaces and an impossible date', async () => {
    const { typist } = setup({});
    await typist.type(textbox('First name'), '   ');
    await typist.type(textbox('Date of birth'), '12311899');
    expect(textbox('Date of birth')).toHaveValue('12/31/1899');
    await typist.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Name cannot contain only spaces.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid Date')).toBeInTheDocument();
  });

  it('asks no gender or marriage status of a trust and labels its date "Date"', async () => {
    const { typist } = setup({});
    await typist.click(screen.getByRole('radio', { name: 'Trust' }));
    expect(screen.queryByRole('combobox', { name: 'Gender' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Marriage status' })).not.toBeInTheDocument();
    expect(textbox('Date')).toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Date of birth is required.')).toBeInTheDocument();
  });

  it('keeps the subtype PRIMARY when creating a household', () => {
    setup({});
    const subtype = screen.getByRole('combobox', { name: 'Subtype' });
    expect(subtype).toHaveValue('Primary');
    expect(subtype).toBeDisabled();
  });
});

describe('MemberWizard: creating a household', () => {
  it('creates the household on step 1, then saves each step and advances with the progress', async () => {
    const { calls, typist } = setup({
      'POST /api/clients': [
        201,
        'Household created successfully.',
        { clientId: CLIENT_ID, memberId: MEMBER_ID },
      ],
      [`GET ${MEMBER_URL}`]: [200, 'Success', member({ completedSteps: 1 })],
      [`PUT ${MEMBER_URL}/steps/preferences`]: [
        200,
        'Member saved successfully.',
        member({ completedSteps: 2, annualIncome: '1250000.50' }),
      ],
    });
    await fillBasic(typist);
    await typist.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByText('Household created successfully.')).toBeInTheDocument();
    const created = calls.find((c) => c.method === 'POST' && c.url === '/api/clients');
    expect(created?.body).toEqual(
      expect.objectContaining({
        type: 'PERSON',
        subType: 'PRIMARY',
        firstName: 'Ada',
        lastName: 'Lovelace',
        date: '1980-01-15',
        gender: 1,
        marriageStatus: 3,
        deceased: false,
        deceasedDate: null,
      }),
    );

    // Step 2: preferences, with 1 of 5 saved.
    expect(await screen.findByRole('form', { name: 'Preferences' })).toBeInTheDocument();
    expect(screen.getByText('1 of 5 steps saved')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Preferences');

    await typist.type(textbox('Annual income'), '1250000.505');
    expect(textbox('Annual income')).toHaveValue('1,250,000.50');
    await typist.type(textbox('Risk score'), '42');
    await typist.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByRole('form', { name: 'Contact' })).toBeInTheDocument();
    const saved = calls.find((c) => c.method === 'PUT' && c.url.endsWith('/steps/preferences'));
    const body = saved?.body as Record<string, unknown>;
    expect(body.annualIncome).toBe('1250000.50');
    expect(typeof body.annualIncome).toBe('string');
    expect(body.riskScore).toBe(42);
    expect(screen.getByText('2 of 5 steps saved')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Contact');

    // Back returns to a saved step; the steps not reached yet cannot be chosen.
    expect(screen.getByRole('button', { name: /Employment/ })).toBeDisabled();
    await typist.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('form', { name: 'Preferences' })).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields and shows its message", async () => {
    const { typist } = setup(
      {},
      {},
      {
        refusals: {
          'POST /api/clients': {
            message: 'Enter a valid Date',
            errors: [
              { field: 'date', message: 'Enter a valid Date' },
              { field: 'lastName', message: 'Last name can be up to 50 characters.' },
            ],
          },
        },
      },
    );
    await fillBasic(typist);
    await typist.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Last name can be up to 50 characters.')).toBeInTheDocument();
    const dateField = textbox('Date of birth');
    expect(dateField).toHaveAttribute('aria-invalid', 'true');
    expect(dateField).toHaveFocus();
    // The toast with the server's message, and the form stays on step 1.
    expect(screen.getAllByText('Enter a valid Date').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('form', { name: 'Basic details' })).toBeInTheDocument();
  });
});

describe('MemberWizard: contact lists', () => {
  const SPOUSE_ID = '5c4b3a29-1807-4f6e-9d5c-4b3a29180706';
  const spouseUrl = `/api/clients/${CLIENT_ID}/members/${SPOUSE_ID}`;
  const spouse = () =>
    member({
      id: SPOUSE_ID,
      subType: 'SPOUSE',
      firstName: 'Bea',
      fullName: 'Bea Lovelace',
      completedSteps: 5,
      employmentStatus: [9],
    });

  const openContact = async (routes: Record<string, [number, string, unknown]> = {}) => {
    const context = setup(
      { [`GET ${spouseUrl}`]: [200, 'Success', spouse()], ...routes },
      { clientId: CLIENT_ID, memberId: SPOUSE_ID },
    );
    await context.typist.click(await screen.findByRole('button', { name: /^Contact/ }));
    expect(await screen.findByRole('form', { name: 'Contact' })).toBeInTheDocument();
    return context;
  };

  it('refuses to add a row until the last one is filled, and keeps exactly one primary', async () => {
    const { typist } = await openContact();
    await typist.click(screen.getByRole('button', { name: 'Add phone' }));
    expect(screen.getByText('Fill in the last phone number before adding another.')).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /^Phone \d$/ })).toHaveLength(1);

    await typist.type(textbox('Phone 1'), '2125550123');
    expect(textbox('Phone 1')).toHaveValue('+1 (212) 555-0123');
    expect(
      screen.queryByText('Fill in the last phone number before adding another.'),
    ).not.toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Add phone' }));
    expect(textbox('Phone 2')).toBeInTheDocument();

    expect(screen.getByRole('radio', { name: 'Phone 1 is primary' })).toBeChecked();
    await typist.click(screen.getByRole('radio', { name: 'Phone 2 is primary' }));
    expect(screen.getByRole('radio', { name: 'Phone 2 is primary' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Phone 1 is primary' })).not.toBeChecked();

    await typist.click(screen.getByRole('button', { name: 'Remove phone 2' }));
    expect(screen.queryByRole('textbox', { name: 'Phone 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Phone 1 is primary' })).toBeChecked();
  });

  it('says a phone is already added, and sends the phones normalised without blank rows', async () => {
    const { calls, typist } = await openContact({
      'GET /api/clients/phone-availability': [200, 'Success', { available: true, message: '' }],
      [`PUT ${spouseUrl}/steps/contact`]: [200, 'Member saved successfully.', spouse()],
    });
    await typist.type(textbox('Phone 1'), '2125550123');
    await typist.click(screen.getByRole('button', { name: 'Add phone' }));
    await typist.type(textbox('Phone 2'), '(212) 555-0123');
    await typist.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This phone number is already added. Enter another phone number.'),
    ).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    await typist.clear(textbox('Phone 2'));
    await typist.type(textbox('Phone 2'), '2125550124');
    await typist.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member saved successfully.')).toBeInTheDocument();
    const body = writes(calls)[0]?.body as Record<string, unknown>;
    expect(body.phoneNumbers).toEqual([
      { phone: '+12125550123', type: 'Mobile', isPrimary: true, linkedToPrimary: false },
      { phone: '+12125550124', type: 'Mobile', isPrimary: false, linkedToPrimary: false },
    ]);
    expect(body.emailAddresses).toEqual([]);
    expect(body.addresses).toEqual([]);
  });

  it('needs a phone, an email and an address for the primary member', async () => {
    const { calls, typist } = setup(
      { [`GET ${MEMBER_URL}`]: [200, 'Success', member({ completedSteps: 2 })] },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    await typist.click(await screen.findByRole('button', { name: /^Contact/ }));
    await screen.findByRole('form', { name: 'Contact' });
    // The primary member links to nobody.
    expect(screen.queryByRole('checkbox', { name: /linked to primary/ })).not.toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('You need to add 1 primary phone number for this member.'),
    ).toBeInTheDocument();
    expect(screen.getByText('You need to add 1 primary email for this member.')).toBeInTheDocument();
    const address = screen.getByRole('group', { name: 'Address 1' });
    expect(within(address).getAllByText('Required')).toHaveLength(3);
    expect(writes(calls)).toHaveLength(0);
  });

  it("shows 'This phone number is already in use.' from the check on blur, asking once per number", async () => {
    const { calls, typist } = await openContact({
      'GET /api/clients/phone-availability': [
        200,
        'Success',
        { available: false, message: 'This phone number is already in use.' },
      ],
    });
    await typist.type(textbox('Phone 1'), '2125550199');
    await typist.tab();
    expect(await screen.findByText('This phone number is already in use.')).toBeInTheDocument();
    const lookups = () => calls.filter((c) => c.url.startsWith('/api/clients/phone-availability'));
    expect(lookups()).toHaveLength(1);
    const query = new URLSearchParams(lookups()[0]?.url.split('?')[1]);
    expect(query.get('phone')).toBe('+12125550199');
    expect(query.get('memberId')).toBe(SPOUSE_ID);

    // Asked again: answered from the cache. Still refused on save.
    await typist.click(textbox('Phone 1'));
    await typist.tab();
    expect(lookups()).toHaveLength(1);
    await typist.type(screen.getByRole('textbox', { name: 'Email 1' }), 'bea@example.com');
    await typist.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This phone number is already in use.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    // Linked to the primary: no check and no error.
    await typist.click(screen.getByRole('checkbox', { name: 'Phone 1 linked to primary' }));
    expect(screen.queryByText('This phone number is already in use.')).not.toBeInTheDocument();
  });
});

describe('MemberWizard: editing', () => {
  it('starts at the employment step (index 4), saves in place and lets any step be chosen', async () => {
    const { calls, onSaved, onClose, typist } = setup(
      {
        [`GET ${MEMBER_URL}`]: [200, 'Success', member({ completedSteps: 5, employmentStatus: [9] })],
        [`PUT ${MEMBER_URL}/steps/employment`]: [
          200,
          'Member saved successfully.',
          member({ completedSteps: 5, employmentStatus: [9], employer: 'Analytical Engines' }),
        ],
      },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    expect(await screen.findByRole('form', { name: 'Employment' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit member' })).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Employment');
    expect(screen.getByText('5 of 5 steps saved')).toBeInTheDocument();

    await typist.type(textbox('Employer'), 'Analytical Engines');
    await typist.type(textbox('Job title'), 'x'.repeat(31));
    await typist.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job title can be up to 30 characters.')).toBeInTheDocument();
    await typist.clear(textbox('Job title'));
    await typist.type(textbox('Job title'), 'Analyst{Enter}');

    expect(await screen.findByText('Member saved successfully.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`${MEMBER_URL}/steps/employment`);
    expect(put?.body).toEqual(
      expect.objectContaining({ employer: 'Analytical Engines', jobTitle: 'Analyst', employmentStatus: [9] }),
    );
    expect(onSaved).toHaveBeenCalledWith({ clientId: CLIENT_ID, memberId: MEMBER_ID });
    expect(onClose).not.toHaveBeenCalled();
    // No auto-advance: still on employment; any step can be chosen.
    expect(currentStep()).toHaveTextContent('Employment');
    await typist.click(screen.getByRole('button', { name: /^Basic/ }));
    expect(await screen.findByRole('form', { name: 'Basic details' })).toBeInTheDocument();
    expect(textbox('First name')).toHaveValue('Ada');
  });

  it('focuses the first wrong field on screen after a refused save', async () => {
    const { calls, typist } = setup(
      { [`GET ${MEMBER_URL}`]: [200, 'Success', member({ completedSteps: 5, employmentStatus: [9] })] },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    await screen.findByRole('form', { name: 'Employment' });
    await typist.click(screen.getByRole('button', { name: /^Preferences/ }));
    await screen.findByRole('form', { name: 'Preferences' });
    // Risk score comes before LinkedIn URL on the page: it is the one focused.
    await typist.type(textbox('Risk score'), '140');
    await typist.type(textbox('LinkedIn URL'), 'not a link');
    await typist.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Risk Score ranges from 1 to 100.')).toBeInTheDocument();
    await waitFor(() => expect(textbox('Risk score')).toHaveFocus());
    expect(writes(calls)).toHaveLength(0);
  });

  it('needs an employment status for a person', async () => {
    const { calls, typist } = setup(
      { [`GET ${MEMBER_URL}`]: [200, 'Success', member({ completedSteps: 5 })] },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    await screen.findByRole('form', { name: 'Employment' });
    await typist.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Select at least one employment status.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  it('shows the masked identity number, keeps it when left as it is, and reveals it on Show', async () => {
    const { calls, typist } = setup(
      {
        [`GET ${MEMBER_URL}`]: [
          200,
          'Success',
          member({ completedSteps: 5, identityNumberMasked: '***-**-6789', hasIdentityNumber: true }),
        ],
        [`GET ${MEMBER_URL}/identity-number`]: [
          200,
          'Identity number shown.',
          { identityNumber: '123-45-6789' },
        ],
        [`PUT ${MEMBER_URL}/steps/identity`]: [
          200,
          'Member saved successfully.',
          member({ completedSteps: 5, identityNumberMasked: '***-**-6789', hasIdentityNumber: true }),
        ],
      },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    await typist.click(await screen.findByRole('button', { name: /^Identity/ }));
    expect(textbox('SSN')).toHaveValue('***-**-6789');
    await typist.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Member saved successfully.');
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('identityNumber');
    expect(body).toEqual(expect.objectContaining({ type: 'PERSON', driverLicenseNum: null }));

    await typist.click(screen.getByRole('button', { name: 'Show identity number' }));
    await waitFor(() => expect(textbox('SSN')).toHaveValue('123-45-6789'));
  });

  it('validates a newly typed SSN in full', async () => {
    const { calls, typist } = setup(
      {
        [`GET ${MEMBER_URL}`]: [
          200,
          'Success',
          member({ completedSteps: 5, identityNumberMasked: '***-**-6789', hasIdentityNumber: true }),
        ],
      },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    await typist.click(await screen.findByRole('button', { name: /^Identity/ }));
    await typist.clear(textbox('SSN'));
    await typist.type(textbox('SSN'), '12345');
    expect(textbox('SSN')).toHaveValue('123-45');
    await typist.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid SSN (xxx-xx-xxxx).')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  it('refuses a profile picture that is not a jpg, jpeg or png before uploading', async () => {
    const { calls } = setup(
      { [`GET ${MEMBER_URL}`]: [200, 'Success', member({ completedSteps: 5 })] },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    const typist = userEvent.setup({ delay: null, applyAccept: false });
    await typist.click(await screen.findByRole('button', { name: /^Basic/ }));
    await screen.findByRole('form', { name: 'Basic details' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    await typist.upload(input as HTMLInputElement, new File(['gif'], 'ada.gif', { type: 'image/gif' }));
    expect(
      await screen.findByText('File format accepted only .jpg, .jpeg, .png up to 15 MB'),
    ).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  it('deletes a member other than the primary after confirmation', async () => {
    const SPOUSE_URL = `/api/clients/${CLIENT_ID}/members/${MEMBER_ID}`;
    const { calls, onClose, typist } = setup(
      {
        [`GET ${SPOUSE_URL}`]: [200, 'Success', member({ subType: 'SPOUSE', completedSteps: 5 })],
        [`DELETE ${SPOUSE_URL}`]: [200, 'Member deleted successfully.', null],
      },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    await typist.click(await screen.findByRole('button', { name: 'Delete member' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete member?' });
    await typist.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Member deleted successfully.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === SPOUSE_URL)).toBe(true);
    expect(onClose).toHaveBeenCalled();
  });

  it('offers no delete for the primary member', async () => {
    setup(
      { [`GET ${MEMBER_URL}`]: [200, 'Success', member({ completedSteps: 5 })] },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    await screen.findByRole('form', { name: 'Employment' });
    expect(screen.queryByRole('button', { name: 'Delete member' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the member cannot be loaded', async () => {
    setup(
      { [`GET ${MEMBER_URL}`]: [404, 'Member not found.', null] },
      { clientId: CLIENT_ID, memberId: MEMBER_ID },
    );
    expect(await screen.findByText('The member could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Member not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('MemberWizard: leaving', () => {
  it('asks before discarding unsaved changes', async () => {
    const { onClose, typist } = setup({});
    await typist.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await typist.type(textbox('First name'), 'Ada');
    await typist.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await typist.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(textbox('First name')).toHaveValue('Ada');

    await typist.click(screen.getByRole('button', { name: 'Cancel' }));
    await typist.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('says a new household stays a draft when its wizard is left after step 1', async () => {
    const { onClose, typist } = setup({
      'POST /api/clients': [
        201,
        'Household created successfully.',
        { clientId: CLIENT_ID, memberId: MEMBER_ID },
      ],
      [`GET ${MEMBER_URL}`]: [200, 'Success', member({ completedSteps: 1 })],
    });
    await fillBasic(typist);
    await typist.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByRole('form', { name: 'Preferences' })).toBeInTheDocument();

    // Nothing typed on this step, yet leaving asks: the household stays behind as a draft.
    await typist.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave the new household?' });
    expect(confirm).toHaveTextContent('kept as a draft, listed only under Drafts on the Clients page');
    await typist.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();

    await typist.click(screen.getByRole('button', { name: 'Cancel' }));
    await typist.click(
      within(await screen.findByRole('dialog', { name: 'Leave the new household?' })).getByRole('button', {
        name: 'Keep as draft',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('resumes a draft at the step after its last saved one', async () => {
    const { onClose, typist } = setup(
      { [`GET ${MEMBER_URL}`]: [200, 'Success', member({ completedSteps: 2 })] },
      { resume: { clientId: CLIENT_ID, memberId: MEMBER_ID, completedSteps: 2 } },
    );
    expect(await screen.findByRole('form', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByText('2 of 5 steps saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save & Continue' })).toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Leave the new household?' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

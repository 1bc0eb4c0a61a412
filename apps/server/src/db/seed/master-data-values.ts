import type { ReceivableProductType } from '@centric/contracts';

/** Reference values of the master-data lists (see master-data.ts, which inserts them). */

export const COUNTRIES: ReadonlyArray<readonly [name: string, code: string]> = [
  ['United States', 'US'],
  ['Argentina', 'AR'],
  ['Australia', 'AU'],
  ['Austria', 'AT'],
  ['Bahamas', 'BS'],
  ['Belgium', 'BE'],
  ['Bermuda', 'BM'],
  ['Brazil', 'BR'],
  ['Canada', 'CA'],
  ['Cayman Islands', 'KY'],
  ['Chile', 'CL'],
  ['China', 'CN'],
  ['Colombia', 'CO'],
  ['Costa Rica', 'CR'],
  ['Czech Republic', 'CZ'],
  ['Denmark', 'DK'],
  ['Dominican Republic', 'DO'],
  ['Egypt', 'EG'],
  ['Finland', 'FI'],
  ['France', 'FR'],
  ['Germany', 'DE'],
  ['Greece', 'GR'],
  ['Hong Kong', 'HK'],
  ['Hungary', 'HU'],
  ['Iceland', 'IS'],
  ['India', 'IN'],
  ['Indonesia', 'ID'],
  ['Ireland', 'IE'],
  ['Israel', 'IL'],
  ['Italy', 'IT'],
  ['Jamaica', 'JM'],
  ['Japan', 'JP'],
  ['Kenya', 'KE'],
  ['Luxembourg', 'LU'],
  ['Malaysia', 'MY'],
  ['Mexico', 'MX'],
  ['Morocco', 'MA'],
  ['Netherlands', 'NL'],
  ['New Zealand', 'NZ'],
  ['Nigeria', 'NG'],
  ['Norway', 'NO'],
  ['Pakistan', 'PK'],
  ['Panama', 'PA'],
  ['Peru', 'PE'],
  ['Philippines', 'PH'],
  ['Poland', 'PL'],
  ['Portugal', 'PT'],
  ['Qatar', 'QA'],
  ['Saudi Arabia', 'SA'],
  ['Singapore', 'SG'],
  ['South Africa', 'ZA'],
  ['South Korea', 'KR'],
  ['Spain', 'ES'],
  ['Sweden', 'SE'],
  ['Switzerland', 'CH'],
  ['Taiwan', 'TW'],
  ['Thailand', 'TH'],
  ['Turkey', 'TR'],
  ['Ukraine', 'UA'],
  ['United Arab Emirates', 'AE'],
  ['United Kingdom', 'GB'],
  ['Vietnam', 'VN'],
];

/** The 50 states, the District of Columbia and the five inhabited territories. */
export const US_STATES: ReadonlyArray<readonly [name: string, abbreviation: string]> = [
  ['Alabama', 'AL'],
  ['Alaska', 'AK'],
  ['Arizona', 'AZ'],
  ['Arkansas', 'AR'],
  ['California', 'CA'],
  ['Colorado', 'CO'],
  ['Connecticut', 'CT'],
  ['Delaware', 'DE'],
  ['District of Columbia', 'DC'],
  ['Florida', 'FL'],
  ['Georgia', 'GA'],
  ['Hawaii', 'HI'],
  ['Idaho', 'ID'],
  ['Illinois', 'IL'],
  ['Indiana', 'IN'],
  ['Iowa', 'IA'],
  ['Kansas', 'KS'],
  ['Kentucky', 'KY'],
  ['Louisiana', 'LA'],
  ['Maine', 'ME'],
  ['Maryland', 'MD'],
  ['Massachusetts', 'MA'],
  ['Michigan', 'MI'],
  ['Minnesota', 'MN'],
  ['Mississippi', 'MS'],
  ['Missouri', 'MO'],
  ['Montana', 'MT'],
  ['Nebraska', 'NE'],
  ['Nevada', 'NV'],
  ['New Hampshire', 'NH'],
  ['New Jersey', 'NJ'],
  ['New Mexico', 'NM'],
  ['New York', 'NY'],
  ['North Carolina', 'NC'],
  ['North Dakota', 'ND'],
  ['Ohio', 'OH'],
  ['Oklahoma', 'OK'],
  ['Oregon', 'OR'],
  ['Pennsylvania', 'PA'],
  ['Rhode Island', 'RI'],
  ['South Carolina', 'SC'],
  ['South Dakota', 'SD'],
  ['Tennessee', 'TN'],
  ['Texas', 'TX'],
  ['Utah', 'UT'],
  ['Vermont', 'VT'],
  ['Virginia', 'VA'],
  ['Washington', 'WA'],
  ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'],
  ['Wyoming', 'WY'],
  ['American Samoa', 'AS'],
  ['Guam', 'GU'],
  ['Northern Mariana Islands', 'MP'],
  ['Puerto Rico', 'PR'],
  ['U.S. Virgin Islands', 'VI'],
];

export const GENDERS = ['Male', 'Female', 'Non-binary', 'Prefer not to say'];

export const SEXUAL_ORIENTATIONS = [
  'Heterosexual',
  'Gay',
  'Lesbian',
  'Bisexual',
  'Asexual',
  'Other',
  'Prefer not to say',
];

export const MARRIAGE_STATUSES = [
  'Single',
  'Married',
  'Domestic Partnership',
  'Separated',
  'Divorced',
  'Widowed',
];

export const POLITICAL_PARTIES = [
  'Democratic',
  'Republican',
  'Independent',
  'Libertarian',
  'Green',
  'Unaffiliated',
  'Prefer not to say',
];

export const RELIGIONS: ReadonlyArray<readonly [name: string, subReligions: readonly string[]]> = [
  [
    'Christianity',
    [
      'Catholic',
      'Protestant',
      'Eastern Orthodox',
      'Baptist',
      'Methodist',
      'Lutheran',
      'Presbyterian',
      'Episcopalian',
      'Latter-day Saints',
      'Evangelical',
    ],
  ],
  ['Judaism', ['Orthodox', 'Conservative', 'Reform', 'Reconstructionist']],
  ['Islam', ['Sunni', 'Shia', 'Sufi']],
  ['Hinduism', ['Vaishnavism', 'Shaivism', 'Shaktism', 'Smartism']],
  ['Buddhism', ['Theravada', 'Mahayana', 'Vajrayana', 'Zen']],
  ['Sikhism', []],
  ['Other', []],
  ['None', ['Agnostic', 'Atheist', 'Spiritual but not religious']],
];

export const INDUSTRIES: ReadonlyArray<readonly [name: string, jobs: readonly string[]]> = [
  ['Agriculture', ['Farmer', 'Rancher', 'Agronomist']],
  ['Construction', ['General Contractor', 'Architect', 'Project Manager', 'Electrician']],
  ['Education', ['Teacher', 'Professor', 'Principal', 'Administrator']],
  ['Energy', ['Petroleum Engineer', 'Plant Manager', 'Geologist']],
  [
    'Financial Services',
    ['Banker', 'Accountant', 'Financial Analyst', 'Portfolio Manager', 'Insurance Agent'],
  ],
  ['Government', ['Civil Servant', 'Military Officer', 'Elected Official']],
  ['Healthcare', ['Physician', 'Surgeon', 'Dentist', 'Nurse', 'Pharmacist', 'Veterinarian']],
  ['Hospitality', ['Restaurant Owner', 'Hotel Manager', 'Chef']],
  ['Information Technology', ['Software Engineer', 'IT Manager', 'Data Scientist', 'Product Manager']],
  ['Legal', ['Attorney', 'Judge', 'Paralegal']],
  ['Manufacturing', ['Plant Manager', 'Engineer', 'Operations Manager']],
  ['Media and Entertainment', ['Producer', 'Journalist', 'Artist', 'Professional Athlete']],
  ['Real Estate', ['Real Estate Agent', 'Developer', 'Property Manager']],
  ['Retail', ['Store Owner', 'Buyer', 'Regional Manager']],
  ['Transportation', ['Pilot', 'Logistics Manager', 'Fleet Owner']],
  ['Retired', []],
];

export const SOURCES = [
  'Client Referral',
  'Professional Referral (CPA)',
  'Professional Referral (Attorney)',
  'Seminar',
  'Website',
  'Social Media',
  'Networking Event',
  'Cold Call',
  'Existing Relationship',
  'Other',
];

export const SPECIFIC_INTERESTS = [
  'Retirement Planning',
  'College Funding',
  'Estate Planning',
  'Tax Planning',
  'Charitable Giving',
  'Business Succession',
  'Long-Term Care',
  'Socially Responsible Investing',
  'Real Estate',
  'Private Equity',
];

export const EMPLOYMENT_STATUSES = [
  'Employed Full-Time',
  'Employed Part-Time',
  'Self-Employed',
  'Business Owner',
  'Unemployed',
  'Retired',
  'Student',
  'Homemaker',
];

export const MARKETING_SEGMENTS: ReadonlyArray<readonly [string, string]> = [
  ['Mass Affluent', 'Investable assets between $100,000 and $1 million.'],
  ['High Net Worth', 'Investable assets between $1 million and $5 million.'],
  ['Very High Net Worth', 'Investable assets between $5 million and $30 million.'],
  ['Ultra High Net Worth', 'Investable assets above $30 million.'],
  ['Business Owners', 'Owners of privately held businesses planning growth or succession.'],
  ['Pre-Retirees', 'Clients within ten years of retirement.'],
];

export const AGE_RANGES: ReadonlyArray<readonly [string, number, number]> = [
  ['Under 25', 0, 24],
  ['25-34', 25, 34],
  ['35-44', 35, 44],
  ['45-54', 45, 54],
  ['55-64', 55, 64],
  ['65-74', 65, 74],
  ['75 and over', 75, 120],
];

export const ACCOUNT_OBJECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['Capital Preservation', 'Protect principal with minimal risk; income is secondary.'],
  ['Income', 'Generate steady current income from interest and dividends.'],
  ['Growth and Income', 'Balance long-term growth with current income.'],
  ['Growth', 'Grow capital over the long term, accepting market swings.'],
  ['Aggressive Growth', 'Maximise long-term growth, accepting substantial risk.'],
  ['Speculation', 'Seek high returns from high-risk investments.'],
];

export const PROVIDERS = [
  'Allianz Life',
  'American Equity',
  'Athene',
  'Brighthouse Financial',
  'Corebridge Financial',
  'Equitable',
  'Genworth',
  'Guardian Life',
  'Jackson National',
  'John Hancock',
  'Lincoln Financial',
  'MassMutual',
  'MetLife',
  'Nationwide',
  'New York Life',
  'Northwestern Mutual',
  'Pacific Life',
  'Principal Financial',
  'Protective Life',
  'Prudential',
  'Transamerica',
];

export const RECEIVABLE_PRODUCTS: ReadonlyArray<readonly [string, ReceivableProductType]> = [
  ['10-Year Term Life', 'LIFE_TERM'],
  ['20-Year Term Life', 'LIFE_TERM'],
  ['30-Year Term Life', 'LIFE_TERM'],
  ['Indexed Universal Life', 'LIFE_IUL'],
  ['Universal Life', 'LIFE_UL'],
  ['Guaranteed Universal Life', 'LIFE_GUL'],
  ['Whole Life', 'LIFE_WHOLE'],
  ['Individual Disability Income', 'DISABILITY'],
  ['Long-Term Care', 'LONG_TERM_CARE'],
  ['Hybrid Life / Long-Term Care', 'LONG_TERM_CARE'],
  ['Critical Illness', 'SUPPLEMENTAL'],
  ['Fixed Annuity (MYGA)', 'ANNUITY_GUARANTEED'],
  ['Single Premium Immediate Annuity', 'ANNUITY_GUARANTEED'],
  ['Fixed Indexed Annuity', 'ANNUITY_INDEXED'],
  ['Registered Index-Linked Annuity', 'ANNUITY_INDEXED'],
  ['Variable Annuity', 'ANNUITY_OTHER'],
];

/** Spec §3 Enumerations: registration/account types. */
export const REGISTRATION_TYPES = [
  'Corporations Other Business',
  'Individual',
  'High Net Worth Individual',
  'Unassigned',
  'Pension Profit Sharing Plan',
  'Other',
];

export const STRATEGY_TYPES: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  [
    'Asset Allocation',
    'Target weights by asset class with tolerance bands.',
    ['Equity', 'Fixed Income', 'Cash', 'Alternatives'],
  ],
  ['Model Portfolio', 'Accounts follow a model of securities.', ['Conservative', 'Moderate', 'Aggressive']],
  [
    'Sector Rotation',
    'Weights by economic sector.',
    ['Technology', 'Healthcare', 'Financials', 'Energy', 'Consumer'],
  ],
  [
    'Income Ladder',
    'Bonds and CDs maturing in steps.',
    ['Treasuries', 'Municipal Bonds', 'Corporate Bonds', 'CDs'],
  ],
];

export const SECURITY_TYPES: ReadonlyArray<readonly [string, string]> = [
  ['Equity', 'Common and preferred stock.'],
  ['Exchange-Traded Fund', 'Funds traded on an exchange.'],
  ['Mutual Fund', 'Open-end pooled investment funds.'],
  ['Fixed Income', 'Government, municipal and corporate bonds.'],
  ['Cash and Equivalents', 'Cash, money market funds and treasury bills.'],
  ['Option', 'Listed equity and index options.'],
  ['Alternative', 'Private equity, hedge funds, real assets.'],
];

export const WORKFLOW_TYPES: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  [
    'New Account Opening',
    'Open and fund a new managed account.',
    ['Collect documents', 'Submit paperwork', 'Custodian approval', 'Account funded'],
  ],
  [
    'Money Movement',
    'Withdrawals, contributions and transfers between accounts.',
    ['Request received', 'Client verification', 'Processed'],
  ],
  [
    'Account Transfer (ACAT)',
    'Move assets from another firm.',
    ['Request submitted', 'In transit', 'Completed'],
  ],
  [
    'Beneficiary Update',
    'Change beneficiaries on an account or policy.',
    ['Form sent', 'Signed', 'Confirmed'],
  ],
  [
    'Annual Review',
    'Yearly planning meeting with the household.',
    ['Schedule', 'Prepare', 'Meet', 'Follow up'],
  ],
  [
    'Client Onboarding',
    'Bring a new household on board, from agreement to first review.',
    ['Agreement signed', 'Accounts opened', 'Assets transferred', 'Welcome meeting'],
  ],
  [
    'Client Information Update',
    "Changes to a household's details: address, contact, identity.",
    ['Request received', 'Records updated', 'Client confirmed'],
  ],
  [
    'Required Minimum Distribution',
    'Yearly required distribution from a retirement account.',
    ['Amount calculated', 'Client approval', 'Distribution sent'],
  ],
];

/** The kinds of task (issue 12 §3); the administrator keeps the list under Master Data. */
export const TASK_TYPES = ['Call', 'Email', 'Meeting', 'Follow Up', 'Review', 'Paperwork'] as const;

/**
 * Reference values for the demo households (demo-clients.ts) and the large-firm generator of bench/.
 * Everything here is fictional: 555-01xx phone numbers, example.com/.org/.net addresses, SSN areas 900–999
 * (never issued) and EIN prefixes the IRS does not assign.
 */

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const MALE_FIRST_NAMES: readonly string[] = words(`
  James Robert John Michael David William Richard Joseph Thomas Christopher Charles Daniel
  Matthew Anthony Mark Donald Steven Andrew Paul Joshua Kenneth Kevin Brian George Timothy Ronald
  Jason Edward Jeffrey Ryan Jacob Gary Nicholas Eric Jonathan Stephen Larry Justin Scott Brandon
  Benjamin Samuel Gregory Alexander Patrick Frank Raymond Jack Dennis Jerry Tyler Aaron Henry
  Douglas Peter Nathan Zachary Walter Harold Carlos Luis Rafael Hiroshi Wei Arjun Omar Theodore
  Elliott Graham Spencer
`);

export const FEMALE_FIRST_NAMES: readonly string[] = words(`
  Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Lisa Nancy Betty
  Margaret Sandra Ashley Kimberly Emily Donna Michelle Carol Amanda Melissa Deborah Stephanie
  Rebecca Sharon Laura Cynthia Katherine Amy Angela Helen Anna Brenda Pamela Nicole Samantha
  Christine Rachel Catherine Victoria Caroline Abigail Eleanor Julia Grace Olivia Sophia
  Charlotte Maria Sofia Mei Priya Aisha Yuki Natalie Madeline Claire Audrey
`);

/** First names for children born in the last 25 years. */
export const CHILD_MALE_NAMES: readonly string[] = words(`
  Liam Noah Oliver Elijah Lucas Mason Logan Ethan Aiden Caleb Owen Wyatt Carter Jackson Levi
  Sebastian Mateo Julian Hudson Leo
`);
export const CHILD_FEMALE_NAMES: readonly string[] = words(`
  Emma Ava Isabella Mia Amelia Harper Evelyn Ella Chloe Lily Zoe Nora Hazel Aurora Violet Stella
  Lucy Hannah Layla Scarlett
`);

export const LAST_NAMES: readonly string[] = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
  Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
  Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips
  Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers
  Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson
  Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders
  Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler
  Henderson Barnes Fisher Vasquez Simmons Graham Marshall Owens Harrison Fernandez McDonald Woods
  Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson
  Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes
  Palmer Wagner Black O'Brien Whitaker Lindqvist Nakamura Okafor Castellano Hoffman
`);

/** Usual nicknames of some first names. */
export const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  James: ['Jim', 'Jimmy'],
  Robert: ['Bob', 'Rob', 'Bobby'],
  John: ['Jack', 'Johnny'],
  Michael: ['Mike', 'Mick'],
  William: ['Bill', 'Will', 'Billy'],
  Richard: ['Rick', 'Dick', 'Rich'],
  Joseph: ['Joe', 'Joey'],
  Thomas: ['Tom', 'Tommy'],
  Christopher: ['Chris'],
  Charles: ['Charlie', 'Chuck'],
  Daniel: ['Dan', 'Danny'],
  Matthew: ['Matt'],
  Anthony: ['Tony'],
  Donald: ['Don'],
  Steven: ['Steve'],
  Andrew: ['Andy', 'Drew'],
  Joshua: ['Josh'],
  Kenneth: ['Ken', 'Kenny'],
  Timothy: ['Tim'],
  Ronald: ['Ron'],
  Edward: ['Ed', 'Ted', 'Eddie'],
  Jeffrey: ['Jeff'],
  Nicholas: ['Nick'],
  Jonathan: ['Jon'],
  Stephen: ['Steve'],
  Benjamin: ['Ben'],
  Samuel: ['Sam'],
  Gregory: ['Greg'],
  Alexander: ['Alex', 'Xander'],
  Patrick: ['Pat'],
  Raymond: ['Ray'],
  Douglas: ['Doug'],
  Zachary: ['Zach'],
  Theodore: ['Teddy', 'Theo'],
  Elizabeth: ['Liz', 'Beth', 'Betsy'],
  Patricia: ['Pat', 'Patty', 'Trish'],
  Jennifer: ['Jen', 'Jenny'],
  Barbara: ['Barb'],
  Susan: ['Sue', 'Susie'],
  Jessica: ['Jess'],
  Margaret: ['Maggie', 'Peggy', 'Meg'],
  Kimberly: ['Kim'],
  Deborah: ['Deb', 'Debbie'],
  Stephanie: ['Steph'],
  Rebecca: ['Becky', 'Becca'],
  Katherine: ['Kate', 'Katie', 'Kathy'],
  Pamela: ['Pam'],
  Samantha: ['Sam'],
  Christine: ['Chris', 'Tina'],
  Catherine: ['Cathy', 'Cate'],
  Victoria: ['Vicky', 'Tori'],
  Abigail: ['Abby'],
  Eleanor: ['Ellie', 'Nell'],
  Madeline: ['Maddie'],
};

/** Middle names that fit the person: by gender ('Non-binary' draws from names used for anyone). */
export const MIDDLE_NAMES: Readonly<Record<'Male' | 'Female' | 'Non-binary', readonly string[]>> = {
  Male: words(`James Michael Edward Alan Joseph Ray Scott Paul Thomas William Lee Robert`),
  Female: words(`Ann Marie Lynn Rose Grace Jean Elizabeth Louise Mae Jane Kay Claire`),
  'Non-binary': words(`Lee Jordan Quinn Avery Morgan Rowan`),
};

export const SUFFIXES = ['Jr.', 'Sr.', 'II', 'III', 'MD', 'PhD'] as const;

export const PET_NAMES: readonly string[] = words(`
  Max Bella Charlie Luna Cooper Daisy Buddy Lucy Rocky Sadie Bear Molly Duke Bailey Tucker Maggie
  Milo Penny Winston Rosie Biscuit Pepper Oscar Ginger Murphy Willow Gus Hazel Ziggy Nala
`);

export const STREET_NAMES: readonly string[] = words(`
  Maple Oak Cedar Elm Pine Willow Lakeview Highland Park Washington Lincoln Jefferson Madison
  Franklin Sunset Ridge Hillcrest Meadow River Forest Chestnut Walnut Spruce Magnolia Dogwood
  Sycamore Harbor Bayview Summit Orchard
`);
export const STREET_SUFFIXES = [
  'Street',
  'Avenue',
  'Road',
  'Lane',
  'Drive',
  'Court',
  'Way',
  'Place',
  'Boulevard',
] as const;

/** Cities of the demo: the state's master-data name, a city, the first 3 digits of its zips, area codes. */
export const DEMO_LOCATIONS: ReadonlyArray<
  readonly [state: string, city: string, zip3: string, areaCodes: readonly string[]]
> = [
  ['California', 'San Francisco', '941', ['415', '628']],
  ['California', 'Los Angeles', '900', ['310', '213']],
  ['California', 'San Diego', '921', ['619', '858']],
  ['California', 'Palo Alto', '943', ['650']],
  ['New York', 'New York', '100', ['212', '646']],
  ['New York', 'Scarsdale', '105', ['914']],
  ['New Jersey', 'Princeton', '085', ['609']],
  ['Connecticut', 'Greenwich', '068', ['203']],
  ['Massachusetts', 'Boston', '021', ['617']],
  ['Massachusetts', 'Wellesley', '024', ['781']],
  ['Illinois', 'Chicago', '606', ['312', '773']],
  ['Illinois', 'Naperville', '605', ['630']],
  ['Texas', 'Dallas', '752', ['214', '972']],
  ['Texas', 'Austin', '787', ['512']],
  ['Texas', 'Houston', '770', ['713', '281']],
  ['Florida', 'Miami', '331', ['305']],
  ['Florida', 'Naples', '341', ['239']],
  ['Florida', 'West Palm Beach', '334', ['561']],
  ['Georgia', 'Atlanta', '303', ['404', '678']],
  ['Washington', 'Seattle', '981', ['206']],
  ['Colorado', 'Denver', '802', ['303', '720']],
  ['Arizona', 'Scottsdale', '852', ['480']],
  ['North Carolina', 'Charlotte', '282', ['704']],
  ['Pennsylvania', 'Philadelphia', '191', ['215']],
  ['Virginia', 'McLean', '221', ['703']],
  ['Maryland', 'Bethesda', '208', ['301']],
  ['District of Columbia', 'Washington', '200', ['202']],
  ['Minnesota', 'Minneapolis', '554', ['612']],
  ['Ohio', 'Columbus', '432', ['614']],
  ['Tennessee', 'Nashville', '372', ['615']],
  ['Oregon', 'Portland', '972', ['503']],
  ['Utah', 'Salt Lake City', '841', ['801']],
  ['Missouri', 'St. Louis', '631', ['314']],
  ['Michigan', 'Ann Arbor', '481', ['734']],
  ['Nevada', 'Las Vegas', '891', ['702']],
];

/** Fictional employers (at most 30 characters). */
export const EMPLOYERS = [
  'Northwind Capital',
  'Contoso Health',
  'Fabrikam Industries',
  'Tailspin Aviation',
  'Adventure Works',
  'Blue Yonder Airlines',
  'Coho Vineyard',
  'Lucerne Publishing',
  'Margie Travel',
  'Proseware Inc.',
  'Wingtip Toys',
  'Woodgrove Bank',
  'Alpine Ski House',
  'Fourth Coffee',
  'Graphic Design Institute',
  'Humongous Insurance',
  'Litware Inc.',
  'Trey Research',
  'Wide World Importers',
  'City Power & Light',
  'Bellows College',
  'Consolidated Messenger',
  'Southridge Video',
  'Tailwind Traders',
  'Relecloud',
] as const;

/** Business members: a name stem (the household's last name is put in front) and a legal form. */
export const BUSINESS_NAMES: ReadonlyArray<readonly [stem: string, form: string]> = [
  ['Holdings', 'LLC'],
  ['Family Partners', 'LP'],
  ['Capital', 'LLC'],
  ['Properties', 'LLC'],
  ['Ventures', 'Inc.'],
  ['Dental Group', 'PC'],
  ['Landscaping', 'Inc.'],
  ['Consulting', 'LLC'],
  ['Vineyards', 'LLC'],
  ['Medical Associates', 'PLLC'],
];

export const TRUST_NAMES: ReadonlyArray<readonly [stem: string, kind: string]> = [
  ['Family', 'Revocable Trust'],
  ['Family', 'Irrevocable Trust'],
  ['Legacy', 'Trust'],
  ['Children’s', 'Education Trust'],
  ['Charitable Remainder', 'Trust'],
];

/** The other professionals of the demo firm: [type, first name, last name, firm]. */
export const DEMO_PROFESSIONALS: ReadonlyArray<
  readonly [type: string, firstName: string, lastName: string, firm: string]
> = [
  ['Attorney', 'Rebecca', 'Thornton', 'Thornton & Vale LLP'],
  ['Attorney', 'Marcus', 'Delgado', 'Delgado Law Group'],
  ['Attorney', 'Helen', 'Fairbanks', 'Fairbanks Whitman LLP'],
  ['Attorney', 'Victor', 'Castellanos', 'Castellanos Legal'],
  ['Attorney', 'Naomi', 'Brightwater', 'Brightwater Law'],
  ['Estate Planning Attorney', 'Gordon', 'Ashcroft', 'Ashcroft Estate Law'],
  ['Estate Planning Attorney', 'Lillian', 'Marsh', 'Marsh & Partners'],
  ['Estate Planning Attorney', 'Raymond', 'Okoye', 'Okoye Trusts & Estates'],
  ['Estate Planning Attorney', 'Sylvia', 'Hargrove', 'Hargrove Legacy Law'],
  ['CPA', 'Dennis', 'Kowalski', 'Kowalski CPA Group'],
  ['CPA', 'Angela', 'Whitfield', 'Whitfield & Co. CPAs'],
  ['CPA', 'Howard', 'Lindgren', 'Lindgren Tax Advisors'],
  ['CPA', 'Monica', 'Sato', 'Sato Accounting'],
  ['CPA', 'Trevor', 'Abernathy', 'Abernathy CPAs'],
  ['CPA', 'Denise', 'Caldwell', 'Caldwell Keane LLP'],
  ['Tax Preparer', 'Oscar', 'Villanueva', 'Villanueva Tax Service'],
  ['Tax Preparer', 'Judith', 'Penrose', 'Penrose Returns'],
  ['Insurance Agent', 'Curtis', 'Bramwell', 'Bramwell Insurance'],
  ['Insurance Agent', 'Felicia', 'Nakagawa', 'Harbor Life Agency'],
  ['Insurance Agent', 'Wendell', 'Ostrowski', 'Keystone Coverage'],
  ['Banker', 'Priscilla', 'Hampton', 'Woodgrove Bank'],
  ['Banker', 'Leonard', 'Achebe', 'First Lakeshore Bank'],
  ['Banker', 'Camille', 'Dufresne', 'Summit Private Bank'],
  ['Mortgage Broker', 'Russell', 'Tanaka', 'Tanaka Home Lending'],
  ['Mortgage Broker', 'Bridget', 'Callahan', 'Callahan Mortgage'],
  ['Trustee', 'Nathaniel', 'Sterling', 'Sterling Fiduciary'],
  ['Trustee', 'Evelyn', 'Radcliffe', 'Radcliffe Trust Company'],
  ['Physician', 'Arthur', 'Mensah', 'Lakeside Geriatrics'],
  ['Other', 'Marjorie', 'Quint', 'Quint Business Valuation'],
  ['Other', 'Desmond', 'Yarrow', 'Yarrow Family Office'],
];

export const PROFESSIONAL_NOTES = [
  'Prefers email; copies the household on every letter.',
  'Handles the annual returns; send statements by the end of February.',
  'Drafted the current estate documents.',
  'Best reached in the mornings.',
  'Coordinates with us on the trust distributions.',
  'Introduced several households to the firm.',
  'Reviews the insurance coverage every spring.',
] as const;

export const MILESTONE_TEMPLATES: ReadonlyArray<readonly [description: string, maxYearsAgo: number]> = [
  ['First grandchild.', 3],
  ['Grandchild born.', 6],
  ['Niece, goddaughter of the primary.', 15],
  ['Grandchild; college fund discussed at the last review.', 12],
  ['Nephew starting college next fall.', 19],
];

export const SPECIAL_DATE_NOTES = {
  Birthday: ['Send a card.', 'Likes a call rather than a card.', null],
  Anniversary: ['Wedding anniversary.', 'Wedding anniversary; dinner gift card.', null],
  'Client Anniversary': ['Became a client.', null],
  Retirement: ['Planned retirement date.', 'Retired.'],
  Graduation: ['College graduation.', 'High school graduation.'],
} as const;

// npm run create-admin -- --email ada@firm.com --name "Ada Lovelace"
// Creates the first administrator on a database (PostgreSQL has no demo data) and mails a set-password link.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emailSchema, ROLE_IDS } from '@centric/contracts';
import pino from 'pino';
import { encryptionKeyOf, loadConfig } from '../config.ts';
import { createSecretBox } from '../platform/secret-box.ts';
import { systemClock } from '../platform/clock.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { ensureSystemRoles } from '../db/seed/roles.ts';
import { users } from '../db/schema/index.ts';
import { createMailer } from '../platform/mail.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { countOpenRequestsOf } from '../modules/workflows/requests.repository.ts';
import { createProfileService } from '../modules/profile/profile.service.ts';
import { createDiskStorage } from '../platform/files.ts';
import { createAlerts } from '../platform/alerts.ts';
import { firmToday } from '../platform/firm-calendar.ts';
import { auditWriter, systemAuditContext } from '../platform/audit.ts';
import { findUserByEmail } from '../modules/auth/auth.repository.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' } },
  allowPositionals: false,
});
const email = emailSchema.safeParse(values.email ?? '');
const fullName = values.name?.trim() ?? '';
if (!email.success || !fullName) {
  console.error('Usage: npm run create-admin -- --email <address> --name "<full name>"');
  process.exit(2);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database);
  await ensureSystemRoles(database.db);
  if (await findUserByEmail(database.db, email.data)) {
    console.error(`A user with the email ${email.data} exists already.`);
    process.exitCode = 1;
  } else {
    const context = systemAuditContext('npm run create-admin');
    const user = await database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ email: email.data, fullName, roleId: ROLE_IDS.administrator })
        .returning();
      await auditWriter(systemClock)(tx, context, {
        action: 'CREATE',
        entity: 'user',
        entityId: row?.id,
        after: row,
      });
      return row;
    });
    const log = pino({ level: 'info' });
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      log,
      clock: systemClock,
    });
    const auth = createAuthService({
      db: database.db,
      config,
      mailer,
      secrets: createSecretBox(encryptionKeyOf(config)),
      clock: systemClock,
      profile: createProfileService({
        db: database.db,
        files: createDiskStorage(path.resolve(config.DATA_DIR, 'files')),
        clock: systemClock,
        alerts: createAlerts({
          clock: systemClock,
          today: firmToday(config.FIRM_TIME_ZONE, () => systemClock.now()),
        }),
        openRequestCount: countOpenRequestsOf,
      }),
    });
    if (!user) throw new Error('the user was not created');
    await auth.sendInvitation(user.id, context);
    mailer.close();
    console.log(
      `Administrator ${email.data} created (id ${user?.id}). An invitation with a link to set the password was mailed${config.SMTP_URL ? '' : ' (SMTP_URL is not set: see the log line above for the link)'}.`,
    );
  }
} finally {
  await database.close();
}

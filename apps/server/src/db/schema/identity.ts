import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  role: varchar('role', { length: 60 }).notNull().unique(),
  displayName: varchar('display_name', { length: 60 }).notNull(),
  description: varchar('description', { length: 300 }).notNull().default(''),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    feature: varchar('feature', { length: 40 }).notNull(),
    read: boolean('read').notNull().default(false),
    write: boolean('write').notNull().default(false),
    delete: boolean('delete').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.feature] })],
);

export const USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 255 }).notNull(),
    fullName: varchar('full_name', { length: 120 }).notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: varchar('status', { length: 16, enum: USER_STATUSES }).notNull().default('ACTIVE'),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    invitationAccepted: boolean('invitation_accepted').notNull().default(false),
    mfaSecret: text('mfa_secret'),
    mfaEnrolledAt: timestamp('mfa_enrolled_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so that a code is accepted once. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    profileImagePath: text('profile_image_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
  ],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

export const SESSION_KINDS = ['PRE_MFA', 'FULL'] as const;
export const SESSION_METHODS = ['PASSWORD', 'SSO'] as const;

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: SESSION_KINDS }).notNull(),
    method: varchar('method', { length: 16, enum: SESSION_METHODS }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const USER_TOKEN_PURPOSES = ['PASSWORD_RESET', 'EMAIL_VERIFY'] as const;

/** Single-use tokens sent by email (password reset, invitation, email verification), stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 24, enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Links an identity-provider subject to a user (matched by issuer and subject). */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: varchar('issuer', { length: 300 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

/** State of an SSO sign-in between the redirect to the provider and the callback. */
export const ssoLoginStates = pgTable('sso_login_states', {
  state: varchar('state', { length: 64 }).primaryKey(),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
  createdAt: createdAt(),
});

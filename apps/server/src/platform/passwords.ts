import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES, passwordRuleChecks } from '@centric/contracts';

/** argon2id with the parameters of STACK.md (OWASP's minimum: 19 MiB, 2 passes, 1 lane). */
/** `Algorithm.Argon2id` is an ambient const enum, which verbatimModuleSyntax cannot read: its value is 2. */
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** Counts argon2 verifications in this process (the work that makes sign-in slow on purpose). */
export const passwordMetrics = { verifications: 0 };

export const verifyPassword = async (passwordHash: string, password: string) => {
  passwordMetrics.verifications += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/**
 * A hash of a password nobody has, verified when the account does not exist, so that an unknown email
 * takes as long as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string) => {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
};

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()),
);
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

/** The first rule of §5 a new password breaks, without history (the caller checks that), or null. */
export const passwordPolicyViolation = (password: string): string | null => {
  const failed = passwordRuleChecks.find((rule) => !rule.test(password));
  if (failed) return failed.message;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
};

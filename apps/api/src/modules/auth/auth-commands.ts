import { defineCommand, type CommandInput } from '../../platform/commands';

/**
 * Sessions and two-factor authentication, declared once (docs/architecture.md, "A write,
 * declared once"): each one's operation (its mutation and the audit event it writes: a session
 * begun or ended, a second factor offered, turned on or off, all change events of the admin
 * account) and its input. A failed sign-in writes a facts event of its own (`signInFailed`),
 * which no mutation is named after. `POST /login` takes the same input as postSignIn.
 */

export const SIGN_IN = defineCommand({
  name: 'postSignIn',
  input: {
    email: { type: 'String', required: true },
    password: { type: 'String', required: true },
    totpCode: { type: 'String' },
  },
});

export const SIGN_OUT = defineCommand({ name: 'postSignOut', input: {} });

export const SIGN_OUT_EVERYWHERE = defineCommand({ name: 'postSignOutEverywhere', input: {} });

export const START_TOTP_ENROLLMENT = defineCommand({ name: 'postStartTotpEnrollment', input: {} });

export const CONFIRM_TOTP_ENROLLMENT = defineCommand({
  name: 'postConfirmTotpEnrollment',
  input: { totpCode: { type: 'String', required: true } },
});

export const DISABLE_TOTP = defineCommand({
  name: 'postDisableTotp',
  input: { password: { type: 'String', required: true } },
});

export type SignInInput = CommandInput<typeof SIGN_IN.input>;
export type ConfirmTotpInput = CommandInput<typeof CONFIRM_TOTP_ENROLLMENT.input>;
export type DisableTotpInput = CommandInput<typeof DISABLE_TOTP.input>;

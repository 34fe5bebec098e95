/**
 * Sessions and two-factor authentication, one write a file (docs/architecture.md, "A write,
 * declared once"): each declares its operation (its mutation and the audit event it writes: a
 * session begun or ended, a second factor offered, turned on or off, all change events of the
 * admin account), input, access rule, answer and handler; importing it registers the mutation.
 */
export { CONFIRM_TOTP_ENROLLMENT } from './confirm-totp-enrollment';
export { DISABLE_TOTP } from './disable-totp';
export { SIGN_IN, type SignInInput } from './sign-in';
export { SIGN_OUT } from './sign-out';
export { SIGN_OUT_EVERYWHERE } from './sign-out-everywhere';
export { START_TOTP_ENROLLMENT } from './start-totp-enrollment';

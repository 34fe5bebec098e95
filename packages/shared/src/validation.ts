/**
 * The validation patterns of spec section 5. Server and web app both import these, so a
 * rule can never differ between the form and the API.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 4 to 20 characters, at least one letter and one digit, no whitespace. */
export const USER_NAME_PATTERN = /^(?=.*\d)(?=.*[A-Za-z])\S{4,20}$/;
/** 8 to 20 characters, at least one letter and one digit, no whitespace. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[A-Za-z])\S{8,20}$/;

export const USER_NAME_MIN = 4;
export const USER_NAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

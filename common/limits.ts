/** Business constants from spec section 9, shared by server and web. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MAX_LENGTH = 30;
export const BIO_MAX_LENGTH = 150;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_RESULT_LIMIT = 8;
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_BLUR_CLOSE_MS = 200;
export const DRAWER_WIDTH_PX = 280;
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

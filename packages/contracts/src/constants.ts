/** Business constants of section 9 of the product description. */
export const API_PREFIX = '/api/v2';
export const API_TIMEOUT_MS = 120_000;
export const API_RETRIES = 5;
export const GET_CACHE_MS = 30 * 60 * 1000;

export const TOAST_DURATION_MS = 3500;
export const TOAST_LIMIT = 8;

export const PAGE_SIZE_APPROVALS = 10;
export const PAGE_SIZE_BROADCASTS = 20;
export const PAGE_SIZE_TEMPLATES = 10;
export const PAGE_SIZE_USERS = 20;

/** Lists without a limit return at most this many rows; a larger limit is capped. */
export const MAX_LIST_LIMIT = 1000;

export const GENERATED_PASSWORD_LENGTH = 10;
export const MIN_PASSWORD_LENGTH = 8;
/** Longest sign-in identifier and password the login route accepts (auth.ts `loginBody`, the sign-in form's inputs). */
export const LOGIN_MAX_LENGTH = 190;
export const LOGIN_PASSWORD_MAX_LENGTH = 200;
export const DEVICE_ID_LENGTH = 15;

export const TRUNCATE_DEFAULT = 100;
export const DEFAULT_CURRENCY = 'XAF';
export const APP_TYPE = 'WEB';
export const SUPPORTED_LOCALES = ['fr', 'en', 'de', 'es', 'es-MX', 'zh-CN'] as const;

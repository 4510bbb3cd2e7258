import { loginBody } from '@app/contracts/auth';
import type { LoginInput } from './auth.api';

/** The server's own login schema, without the device the client adds on submit. */
const loginFields = loginBody.pick({ login: true, password: true });

type Translate = (key: 'loginRequired' | 'passwordRequired') => string;

/**
 * Validates with the shared zod schema; a missing value gets the translated "required"
 * text (the schema's messages are French only), any other rule keeps the schema's text.
 */
export function validateLogin(values: LoginInput, t: Translate): Partial<Record<keyof LoginInput, string>> {
  const result = loginFields.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof LoginInput, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field !== 'login' && field !== 'password') || errors[field]) continue;
    const empty = issue.code === 'too_small' && String(values[field]).trim() === '';
    errors[field] = empty ? t(field === 'login' ? 'loginRequired' : 'passwordRequired') : issue.message;
  }
  return errors;
}

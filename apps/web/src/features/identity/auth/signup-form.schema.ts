import { MIN_PASSWORD_LENGTH } from '@app/contracts/constants';
import { type SignupMessageKey, translateSignupMessage } from '@app/contracts/i18n/signup-messages';
import { EMAIL_PATTERN } from '@app/contracts/validation';
import type { RegisterInput } from './auth.api';

type SignupErrors = Partial<Record<keyof RegisterInput, string>>;

/**
 * Section 5 sign-up rules, as the server's schema (`registerBody`, @app/contracts/auth)
 * writes them: the same constants, the same messages (the English keys of the description),
 * shown in the page's language. Written without zod so the sign-up page stays within its
 * 110 KB budget (issue 23); signup-form.schema.test.ts holds it equal to the schema.
 */
export function validateSignup(values: RegisterInput, language: string): SignupErrors {
  const found: Partial<Record<keyof RegisterInput, SignupMessageKey>> = {};
  if (!values.name.trim()) found.name = 'Your name first name is required';
  const email = values.email.trim();
  if (!email) found.email = 'Enter your email, it will be required to login';
  else if (!EMAIL_PATTERN.test(email)) found.email = 'Please, enter a valid email';
  if (!values.password) found.password = 'Enter your password with at least 8 characters, it will be required to login';
  else if (values.password.length < MIN_PASSWORD_LENGTH) found.password = 'The password should contains at leat 8 characters';
  if (!values.password_confirmation) found.password_confirmation = 'Please, confirm your password';
  else if (values.password !== values.password_confirmation) found.password_confirmation = 'The password does not match';
  const errors: SignupErrors = {};
  for (const [field, key] of Object.entries(found) as Array<[keyof RegisterInput, SignupMessageKey]>) errors[field] = translateSignupMessage(key, language);
  return errors;
}

/** The longest inputs the server accepts (registerBody), as `maxLength`. */
export const SIGNUP_INPUT_LIMITS = { name: 120, password: 200 } as const;

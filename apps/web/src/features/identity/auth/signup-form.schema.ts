import { registerBody } from '@app/contracts/auth';
import { translateSignupMessage } from '@app/contracts/i18n/signup-messages';
import type { RegisterInput } from './auth.api';

type SignupErrors = Partial<Record<keyof RegisterInput, string>>;

/**
 * Section 5 sign-up rules, with the server's own schema: its messages are the English
 * keys of the description, shown in the interface language (six languages).
 */
export function validateSignup(values: RegisterInput, language: string): SignupErrors {
  const result = registerBody.safeParse(values);
  if (result.success) return {};
  const errors: SignupErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof RegisterInput;
    if (errors[field]) continue;
    errors[field] = translateSignupMessage(issue.message, language);
  }
  return errors;
}

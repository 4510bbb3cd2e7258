/** The optional contact fields of an anonymous respondent, checked as the server does. */
import { EMAIL_PATTERN, normalizeMobile } from '@app/contracts/validation';
import type { ParticipantInput } from './answer-types';
import { M } from './messages';

export interface ContactErrors {
  phone?: string;
  email?: string;
}

/** Checks the optional contact fields: a Cameroonian mobile number, a well-formed e-mail. */
export function checkParticipant(p: ParticipantInput): { value: ParticipantInput; errors: ContactErrors } {
  const errors: ContactErrors = {};
  const value: ParticipantInput = {};
  if (p.name?.trim()) value.name = p.name.trim();
  if (p.phone?.trim()) {
    const mobile = normalizeMobile(p.phone);
    if (mobile) value.phone = mobile;
    else errors.phone = M.phoneInvalid;
  }
  if (p.email?.trim()) {
    const email = p.email.trim().toLowerCase();
    if (EMAIL_PATTERN.test(email)) value.email = email;
    else errors.email = M.emailInvalid;
  }
  return { value, errors };
}

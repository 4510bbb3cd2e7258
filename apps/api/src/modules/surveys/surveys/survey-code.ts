import { generateCompanyCode, normalizeCompanyCode } from '../../tenancy/companies/company-code';

/**
 * Survey codes use the company-code alphabet (no 0/O, 1/I) and are longer: there are
 * many more surveys than companies, and a code opens the survey to anyone holding it.
 */
export const SURVEY_CODE_LENGTH = 8;

/** A random code with at least one letter, so that a code never reads as a numeric id. */
export function generateSurveyCode(): string {
  for (;;) {
    const code = generateCompanyCode(SURVEY_CODE_LENGTH);
    if (/[A-Z]/.test(code)) return code;
  }
}

/** Codes are matched upper case, without surrounding spaces. */
export const normalizeSurveyCode = normalizeCompanyCode;

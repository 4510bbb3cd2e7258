/**
 * The company's lists of people and the account type of their full page
 * (mnt/users/{action}/{type}/{user}): their rows open it, and the company's own
 * `{type}/{user}` addresses (section 2) lead there too.
 */
export const PERSON_TYPES: Record<string, string | undefined> = { agents: 'agent', partners: 'agent', customers: 'customer' };

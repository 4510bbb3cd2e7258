import type { Participation } from '../../surveys/survey.types';

function joinName(first?: string | null, last?: string | null): string {
  return [first, last].filter((part) => part?.trim()).join(' ').trim();
}

/** Who answered, as the table shows it: participant, user or agent name; null when anonymous. */
export function respondentName(p: Pick<Participation, 'participant' | 'user' | 'agent'>): string | null {
  const candidates = [
    p.participant?.name,
    p.user?.name,
    joinName(p.user?.first_name, p.user?.last_name),
    p.agent?.name,
    joinName(p.agent?.first_name, p.agent?.last_name),
    p.participant?.phone,
    p.participant?.email,
    p.user?.email,
  ];
  return candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '')?.trim() ?? null;
}

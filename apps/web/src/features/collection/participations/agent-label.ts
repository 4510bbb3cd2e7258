/** How an agent is named in pickers and lists: full name, else e-mail, else its number. */
export function agentLabel(agent: {
  id: number;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  name?: string | null;
}): string {
  const name = [agent.first_name, agent.last_name].filter((p) => p?.trim()).join(' ').trim() || agent.name?.trim();
  return name || agent.email?.trim() || `Agent n° ${agent.id}`;
}

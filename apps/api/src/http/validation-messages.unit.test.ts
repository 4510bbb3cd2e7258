import { manageChatroomBody } from '@app/contracts';
import { createZoneBody } from '../modules/reference/zones/zones.schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueDetails } from './validation-messages';

describe('issueDetails (schemas a route or a service parses itself)', () => {
  it('writes an author’s message and zod’s own in the caller’s language, French by default', () => {
    const room = manageChatroomBody.safeParse({ agent_id: 'x' });
    expect(issueDetails(room.error!.issues, 'fr')).toEqual({ agent_id: ['Indiquez l’agent.'] });
    expect(issueDetails(room.error!.issues, 'en')).toEqual({ agent_id: ['Give the agent.'] });
    expect(issueDetails(room.error!.issues, 'zh-CN', () => 'body')).toEqual({ body: ['请指定员工。'] });

    // A message held in a constant of the contracts (ids.ts).
    const zone = createZoneBody.safeParse({ type: 'town', name: 'Kribi', code: 'KRI', parent_id: 'x' });
    expect(issueDetails(zone.error!.issues, 'de').parent_id).toEqual(['Ungültige Kennung: eine ganze Zahl zwischen 1 und 2147483647 wird erwartet.']);
  });

  it('renders zod’s own messages again in the caller’s language', () => {
    const short = z.object({ name: z.string().min(3) }).safeParse({ name: 'a' });
    const fr = issueDetails(short.error!.issues, 'fr').name?.[0];
    const en = issueDetails(short.error!.issues, 'en').name?.[0];
    expect(fr).toMatch(/3/);
    expect(en).toMatch(/3/);
    expect(en).not.toBe(fr);
  });
});

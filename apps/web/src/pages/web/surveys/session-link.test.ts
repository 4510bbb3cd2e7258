import { describe, expect, it } from 'vitest';
import { sessionLinkLoader } from './session-link.route';

async function redirectOf(url: string): Promise<string | null> {
  try {
    sessionLinkLoader({ request: new Request(url), params: {}, context: undefined } as never);
    return null;
  } catch (thrown) {
    return (thrown as Response).headers.get('Location');
  }
}

describe('signed-in link /{sessionID}/m/{type}/{id}/{code}', () => {
  it('lands on the session contribution page carrying ref, src, participant, participation and steps', async () => {
    expect(await redirectOf('http://x/k3x9pq/m/su/12/AB12CD?ref=r1&src=sms&participant=4&participation=9&steps=2,3')).toBe(
      '/k3x9pq/web/surveys/contribution/AB12CD?ref=r1&src=sms&participant=4&participation=9&steps=2%2C3',
    );
  });

  it('stays on the page for a target, which shows its landing page', async () => {
    expect(await redirectOf('http://x/k3x9pq/m/ws/12/K7P2QX9A')).toBeNull();
  });

  it('stays on the page (which explains it) for a link type it cannot open', async () => {
    expect(await redirectOf('http://x/k3x9pq/m/zz/12/AB12CD')).toBeNull();
  });
});

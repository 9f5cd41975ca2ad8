import { describe, expect, it } from 'vitest';
import { AUTH_ME_QUERY_KEY, createQueryClient } from '@/lib/query-client';
import { takeSessionBootstrap } from '@/lib/session-bootstrap';

function addMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'fantarift-session';
  meta.content = content;
  document.head.append(meta);
}

describe('session bootstrap', () => {
  it('seeds the signed-in user from the page, once', () => {
    const user = {
      id: 'u-1',
      email: 'a@b.it',
      username: 'mario',
      isAdmin: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    addMeta(JSON.stringify({ user }));
    const client = createQueryClient();
    expect(client.getQueryData(AUTH_ME_QUERY_KEY)).toEqual(user);
    expect(client.getQueryState(AUTH_ME_QUERY_KEY)?.status).toBe('success');
    // consumed: a second client (a test, a remount) asks the server again
    expect(createQueryClient().getQueryData(AUTH_ME_QUERY_KEY)).toBeUndefined();
  });

  it('knows a visitor without asking', () => {
    addMeta('{"user":null}');
    expect(createQueryClient().getQueryData(AUTH_ME_QUERY_KEY)).toBeNull();
  });

  it('ignores a page without it or with a broken one', () => {
    expect(takeSessionBootstrap()).toBeUndefined();
    addMeta('{not json');
    expect(takeSessionBootstrap()).toBeUndefined();
    expect(document.querySelector('meta[name="fantarift-session"]')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { cogSocketUrl } from '../../../src/ws/cogUrl';

describe('cogSocketUrl', () => {
  const params = { browserId: 'b 1', worldId: 'w/1', version: '1.0.0' };

  it('uses ws on http and wss on https, same host, encoded query', () => {
    expect(cogSocketUrl({ protocol: 'http:', host: 'localhost:8080' }, params)).toBe(
      'ws://localhost:8080/api/ws/cog?browser=b+1&worldId=w%2F1&version=1.0.0',
    );
    expect(cogSocketUrl({ protocol: 'https:', host: 'emgen.example' }, params)).toBe(
      'wss://emgen.example/api/ws/cog?browser=b+1&worldId=w%2F1&version=1.0.0',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('game servers configuration', () => {
  it('runs an embedded node agent by default', () => {
    const config = loadConfig({});
    expect(config.nodeAgent).toEqual({ url: undefined, token: undefined, embedded: true, isolation: 'auto' });
    expect(config.servers).toEqual({ portRange: { first: 25600, last: 25999 }, graceDays: 14, nodePublicUrls: [], domain: undefined });
  });

  it('requires the token of an external node agent', () => {
    expect(() => loadConfig({ NODE_AGENT_URL: 'http://agent.internal:9100' })).toThrow('NODE_AGENT_TOKEN: required when NODE_AGENT_URL is set');
    const config = loadConfig({ NODE_AGENT_URL: 'http://agent.internal:9100', NODE_AGENT_TOKEN: 'a'.repeat(32) });
    expect(config.nodeAgent).toMatchObject({ url: 'http://agent.internal:9100', token: 'a'.repeat(32) });
  });

  it('reads the port range, domain and public node URLs', () => {
    const config = loadConfig({
      SERVERS_PORT_RANGE: '30000-30100',
      SERVERS_DOMAIN: 'Play.Example.com',
      SERVERS_NODE_PUBLIC_URLS: 'https://node-1.example.com, https://node-2.example.com',
    });
    expect(config.servers).toMatchObject({
      portRange: { first: 30000, last: 30100 },
      domain: 'play.example.com',
      nodePublicUrls: ['https://node-1.example.com', 'https://node-2.example.com'],
    });
    expect(() => loadConfig({ SERVERS_PORT_RANGE: '80-90' })).toThrow('SERVERS_PORT_RANGE: must look like 25600-25999');
    expect(() => loadConfig({ SERVERS_DOMAIN: 'localhost' })).toThrow('SERVERS_DOMAIN: must be a domain name like play.example.com');
    expect(() => loadConfig({ SERVERS_NODE_PUBLIC_URLS: 'node-1' })).toThrow('SERVERS_NODE_PUBLIC_URLS: must be comma-separated URLs');
  });
});

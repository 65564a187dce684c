import { describe, expect, it } from 'vitest';
import { parseProperties, serializeProperties } from './properties.js';

describe('server.properties', () => {
  it('parses key=value lines, skipping comments, and writes them back in order', () => {
    const map = parseProperties('#comment\nmotd=Hello = world\n\nmax-players = 5\n!x\n');
    expect([...map]).toEqual([['motd', 'Hello = world'], ['max-players', '5']]);
    map.set('motd', 'two\nlines');
    expect(serializeProperties(map)).toBe('#Cairn server settings\nmotd=two lines\nmax-players=5\n');
  });
});

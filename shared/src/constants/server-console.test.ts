import { describe, expect, it } from 'vitest';
import { BUILT_IN_CONSOLE_COMMANDS, completeCommand, consoleCommands, JAVA_CONSOLE_COMMANDS } from './server-console.js';

describe('console commands', () => {
  it('picks the built-in runtime’s commands for vanilla and the game’s for jar platforms', () => {
    expect(consoleCommands('vanilla')).toBe(BUILT_IN_CONSOLE_COMMANDS);
    expect(consoleCommands('paper')).toBe(JAVA_CONSOLE_COMMANDS);
    expect(consoleCommands('vanilla')).toContain('list');
  });

  it('completes the first word to the one command it can be, or to what all candidates share', () => {
    const commands = ['list', 'say', 'save-all', 'stop', 'deop', 'difficulty'];
    expect(completeCommand('li', commands)).toBe('list ');
    expect(completeCommand('/st', commands)).toBe('/stop ');
    expect(completeCommand('sa', commands)).toBeUndefined();
    expect(completeCommand('di', ['difficulty', 'diff-x'])).toBe('diff');
    expect(completeCommand('s', commands)).toBeUndefined();
    expect(completeCommand('sav', commands)).toBe('save-all ');
    expect(completeCommand('d', commands)).toBeUndefined();
    expect(completeCommand('xyz', commands)).toBeUndefined();
    expect(completeCommand('', commands)).toBeUndefined();
    expect(completeCommand('say hi', commands)).toBeUndefined();
  });
});

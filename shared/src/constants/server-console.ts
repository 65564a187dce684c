/**
 * Console commands a hosted server offers, for the panel's console hint and Tab completion. The
 * built-in runtime's (`vanilla`, flying-squid) are the launcher's: it answers an unknown command
 * with every command it has, plugins' included, and the node agent's test checks that each one
 * listed here is among them. Servers of operator jars are the real game: these are its standard
 * commands, and the server itself answers anything else.
 */

/** The built-in runtime's common console commands (`help` lists all of them). */
export const BUILT_IN_CONSOLE_COMMANDS = [
  'help', 'list', 'say', 'time', 'weather', 'gamemode', 'difficulty', 'give', 'kick', 'ban', 'pardon', 'op', 'deop', 'save-all', 'stop',
] as const;

/** The game's own common console commands, as paper, fabric and other jar servers run them. */
export const JAVA_CONSOLE_COMMANDS = [
  'help', 'list', 'say', 'time', 'weather', 'gamemode', 'difficulty', 'give', 'kick', 'ban', 'pardon', 'op', 'deop', 'whitelist', 'save-all', 'stop',
] as const;

/** The common console commands of a server by its loader (`vanilla` is the built-in runtime). */
export function consoleCommands(loader: string): readonly string[] {
  return loader === 'vanilla' ? BUILT_IN_CONSOLE_COMMANDS : JAVA_CONSOLE_COMMANDS;
}

/**
 * Tab completion of a command line's first word: the command it can only be (with a space after
 * it), else the longest start all candidates share; undefined when nothing would change.
 */
export function completeCommand(line: string, commands: readonly string[]): string | undefined {
  if (!line || /\s/.test(line)) return undefined;
  const slash = line.startsWith('/') ? '/' : '';
  const word = line.slice(slash.length).toLowerCase();
  const matches = commands.filter((command) => command.startsWith(word));
  if (matches.length === 0) return undefined;
  if (matches.length === 1) return `${slash}${matches[0]} `;
  let prefix = matches[0]!;
  for (const match of matches) while (!match.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.length > word.length ? `${slash}${prefix}` : undefined;
}

import { strToU8, zipSync } from 'fflate';

/**
 * A real pair of plugins for the built-in server runtime (docs/api/servers.md, "Server content"): a `.zip`
 * holding a CommonJS `index.js` that exports flying-squid's `server(serv, settings)`.
 * Signpost is a library other plugins use (`serv.signpost`); Welcome Sign needs it and adds a
 * `welcome` console/chat command. Without the library the command says so, which is what makes
 * the dependency visible.
 */

/** The game version new servers get (servers.service DEFAULT_GAME_VERSION). */
export const DEMO_PLUGIN_GAME_VERSION = '1.21.4';
export const SIGNPOST_SLUG = 'signpost-lib';
export const WELCOME_SIGN_SLUG = 'welcome-sign';

function signpostSource(version: string): string {
  return `'use strict';
// Signpost ${version}: framed one-line notices for other plugins.
module.exports.server = function (serv) {
  serv.signpost = {
    version: ${JSON.stringify(version)},
    frame: (title, text) => '[' + title + '] ' + text,
  };
  // serv.info exists once every built-in plugin has loaded.
  serv.once('asap', () => serv.info('[Signpost ${version}] library ready'));
};
`;
}

function welcomeSignSource(version: string): string {
  return `'use strict';
// Welcome Sign ${version}: greets players who join and answers /welcome. Needs Signpost.
const TITLE = 'Welcome Sign ${version}';
module.exports.server = function (serv) {
  const greeting = (name) =>
    serv.signpost ? serv.signpost.frame(TITLE, 'Welcome, ' + name + '!') : TITLE + ' needs the Signpost library, which is not installed';
  serv.commands.add({
    base: 'welcome',
    info: 'Show the welcome sign',
    usage: '/welcome [name]',
    action(params) {
      return greeting((params || '').trim() || 'traveller');
    },
  });
  serv.on('newPlayer', (player) => player.chat(greeting(player.username)));
  serv.once('asap', () => serv.info('[' + TITLE + '] enabled'));
};
`;
}

/** The archive of one version of a demo plugin. */
export function demoServerPlugin(slug: typeof SIGNPOST_SLUG | typeof WELCOME_SIGN_SLUG, version: string): { filename: string; bytes: Buffer } {
  const source = slug === SIGNPOST_SLUG ? signpostSource(version) : welcomeSignSource(version);
  const readme = `${slug} ${version} for Cairn's built-in server runtime: drop the zip into plugins/.\n`;
  return { filename: `${slug}-${version}.zip`, bytes: Buffer.from(zipSync({ 'index.js': strToU8(source), 'README.txt': strToU8(readme) })) };
}

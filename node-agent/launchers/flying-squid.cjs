'use strict';
// Starts one flying-squid server in the current folder (the server's folder). Settings come from
// ./server.properties; port, bind address and game version from the agent's environment, so
// editing the file cannot take another server's port.
const fs = require('node:fs');
const mc = require('flying-squid');

function readProperties() {
  const map = new Map();
  let text = '';
  try { text = fs.readFileSync('server.properties', 'utf8'); } catch { /* defaults */ }
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq > 0) map.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return map;
}

/**
 * Plugins of the built-in runtime: every enabled `plugins/*.zip` (a disabled one ends in
 * `.disabled`) holds a CommonJS `index.js` exporting `server(serv, settings)` — flying-squid's own
 * plugin shape. Each is unpacked afresh into `.plugins/<zip name>/` and handed to flying-squid by
 * absolute path, in file-name order. A broken archive is reported and skipped, never fatal.
 */
function unpackPlugins() {
  const path = require('node:path');
  const { unzipSync } = require('fflate');
  const target = path.resolve('.plugins');
  fs.rmSync(target, { recursive: true, force: true });
  const plugins = {};
  let names = [];
  try { names = fs.readdirSync('plugins').filter((n) => n.endsWith('.zip')).sort(); } catch { return plugins; }
  for (const name of names) {
    try {
      const folder = path.join(target, name.slice(0, -4));
      for (const [entry, bytes] of Object.entries(unzipSync(fs.readFileSync(path.join('plugins', name))))) {
        const file = path.resolve(folder, entry);
        if (!file.startsWith(folder + path.sep) || entry.endsWith('/')) continue;
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, bytes);
      }
      const main = path.join(folder, 'index.js');
      if (!fs.existsSync(main)) throw new Error('no index.js at the top of the archive');
      plugins[main] = {};
      console.log(`[Cairn] Plugin ${name} found`);
    } catch (error) {
      console.error(`[Cairn] Plugin ${name} skipped: ${error.message}`);
    }
  }
  return plugins;
}

const props = readProperties();
const int = (key, fallback) => {
  const n = Number.parseInt(props.get(key) ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};
const gameModes = { survival: 0, creative: 1, adventure: 2, spectator: 3 };
const difficulties = { peaceful: 0, easy: 1, normal: 2, hard: 3 };
const maxPlayers = int('max-players', 20);

const serv = mc.createMCServer({
  motd: props.get('motd') ?? 'A Cairn server',
  port: Number(process.env.CAIRN_PORT),
  host: process.env.CAIRN_HOST ?? '127.0.0.1',
  'max-players': maxPlayers,
  'online-mode': false,
  logging: true,
  gameMode: gameModes[props.get('gamemode') ?? 'survival'] ?? 0,
  difficulty: difficulties[props.get('difficulty') ?? 'normal'] ?? 2,
  worldFolder: props.get('level-name') ?? 'world',
  generation: { name: 'diamond_square', options: { worldHeight: 80 } },
  kickTimeout: 10000,
  plugins: unpackPlugins(),
  modpe: false,
  'view-distance': int('view-distance', 6),
  'player-list-text': { header: { text: 'Cairn' }, footer: { text: '' } },
  'everybody-op': false,
  'max-entities': 100,
  version: process.env.CAIRN_GAME_VERSION ?? '1.21.4',
});

async function saveWorlds() {
  for (const world of [serv.overworld, serv.netherworld, serv.endworld]) {
    if (world && typeof world.waitSaving === 'function') await world.waitSaving();
  }
}

serv.once('pluginsReady', () => {
  serv.commands.add({
    base: 'save-all',
    info: 'Write every loaded chunk to disk',
    usage: '/save-all',
    async action() {
      await saveWorlds();
      serv.info('Saved the world');
    },
  });
  // The standard command players expect; flying-squid has none.
  serv.commands.add({
    base: 'list',
    info: 'List the players online',
    usage: '/list',
    action() {
      const names = serv.players.map((player) => player.username).join(', ');
      return `There are ${serv.players.length} of a max of ${maxPlayers} players online: ${names}`;
    },
  });
});

/** The commands the console may run (flying-squid's registry, plugins' included; player-only ones left out). */
function consoleCommands() {
  const names = new Set();
  for (const command of Object.values(serv.commands.uniqueHash)) {
    const base = command.base;
    if (base && !base.includes(' ') && !command.params.onlyPlayer) names.add(base);
  }
  return [...names].sort();
}

// An unknown console command answers with what there is, instead of flying-squid's bare
// "Command not found". A leading slash is accepted, as game consoles do.
const runCommand = serv.handleCommand;
serv.handleCommand = (line) => {
  const text = String(line).trim().replace(/^\//, '');
  if (!text) return undefined;
  if (!serv.commands.find(text)) {
    serv.err(`Unknown command "${text.split(' ')[0]}". Commands: ${consoleCommands().join(', ')}. Type "help <command>" to learn how to use one.`);
    return undefined;
  }
  return runCommand(text);
};

// max-players is only advertised by flying-squid; enforce it here.
serv.on('newPlayer', (player) => {
  if (serv.players.length > maxPlayers) player.kick('The server is full');
});

serv._server.on('close', () => {
  saveWorlds().finally(() => process.exit(0));
});

// An orphan (the agent died) must not keep running unseen: the agent restarts servers itself.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();

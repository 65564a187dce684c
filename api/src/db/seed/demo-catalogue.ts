import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { InitialVersionData } from '@cairn/shared/schemas/versions';
import type { Config } from '../../config.js';
import type { Database } from '../client.js';
import { projectCategories, projectFollows, projectGalleryImages, projectLinks, projects, teamMembers, teams, versions } from '../schema/catalogue.js';
import { threads } from '../schema/trust.js';
import { users } from '../schema/users.js';
import { encodeBase62, randomId } from '../../lib/ids.js';
import { processGalleryImage, processIcon } from '../../lib/images.js';
import type { FileStore, StoredBlob } from '../../lib/storage/file-store.js';
import type { Logger } from '../../embedded/process-utils.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { insertVersionUpload, prepareVersionUpload } from '../../modules/versions/version-creation.js';
import { versionFileUrl } from '../../modules/versions/versions.mapper.js';
import { galleryPng, iconPng, seededRandom } from './demo-art.js';
import { demoServerPack, SERVER_PACK_SLUG } from './demo-server-pack.js';
import { DEMO_PLUGIN_GAME_VERSION, demoServerPlugin, SIGNPOST_SLUG, WELCOME_SIGN_SLUG } from './demo-server-plugins.js';

/**
 * `seed --demo` (and the first `npm start`): a small, realistic catalogue to look around in —
 * creators, projects of every type with generated icons and screenshots, versions with real
 * small files (jars, packs, modpacks whose index embeds other demo mods), dependencies,
 * follows and download counts. Everything here is original Cairn demo content.
 *
 * Modpacks are installable: every file of a pack's index is a demo mod file, listed with the
 * link Cairn serves it at (`versionFileUrl` over PUBLIC_API_URL, as GET /v2/version gives it),
 * its sha1, sha512 and size. The links are written into the pack when it is seeded, so a
 * catalogue seeded under one PUBLIC_API_URL keeps that address in its packs.
 */

/** What the seed needs to know of the configuration: where files are served, and the pack rules. */
export type DemoCatalogueConfig = Pick<Config, 'publicApiUrl' | 'modpackDownloads'>;

/** A demo file already published (a modpack bundles these by their download link). */
interface PublishedFile {
  filename: string;
  bytes: Buffer;
  url: string;
}

type Kind = 'mod' | 'modpack' | 'resourcepack' | 'shader' | 'plugin' | 'datapack';

interface DemoProject {
  slug: string;
  title: string;
  summary: string;
  kind: Kind;
  loaders: string[];
  categories: string[];
  owner: number;
  status?: string;
  /** Slugs of demo mods every version requires. */
  requires?: string[];
  /** Modpacks: slugs of demo mods the pack bundles. */
  bundles?: string[];
  gallery?: number;
}

const CREATORS = ['Tinkerwren', 'Marrowbird', 'Quillstone', 'Emberloom', 'SaltmarshWorks', 'PaleHarbor'];

const PROJECTS: DemoProject[] = [
  { slug: 'wrenlib', title: 'Wrenlib', summary: 'A small shared library of config screens, networking helpers and registries used by Tinkerwren mods.', kind: 'mod', loaders: ['fabric', 'quilt', 'neoforge'], categories: ['library', 'utility'], owner: 0 },
  { slug: 'lanternlight', title: 'Lanternlight', summary: 'Hanging lanterns, paper lamps and glowing moss that light caves without a single torch.', kind: 'mod', loaders: ['fabric', 'quilt'], categories: ['decoration', 'worldgen'], owner: 0, requires: ['wrenlib'], gallery: 3 },
  { slug: 'copper-circuits', title: 'Copper Circuits', summary: 'Oxidising copper wires, relays and pressure gauges for compact redstone-free machines.', kind: 'mod', loaders: ['fabric', 'neoforge'], categories: ['technology', 'utility'], owner: 0, requires: ['wrenlib'], gallery: 2 },
  { slug: 'hearthside', title: 'Hearthside Kitchen', summary: 'Stews, pies and a slow-cooking hearth that rewards gathering ingredients from every biome.', kind: 'mod', loaders: ['forge', 'neoforge'], categories: ['food', 'decoration'], owner: 1, gallery: 2 },
  { slug: 'drifting-isles', title: 'Drifting Isles', summary: 'Floating islands with their own weather drift slowly across the sky of the Overworld.', kind: 'mod', loaders: ['fabric'], categories: ['worldgen', 'adventure'], owner: 1, gallery: 3 },
  { slug: 'satchel', title: 'Satchel', summary: 'Leather satchels and bundles that sort themselves, with a quick-stash key.', kind: 'mod', loaders: ['fabric', 'forge'], categories: ['storage', 'utility'], owner: 2 },
  { slug: 'swiftchunk', title: 'Swiftchunk', summary: 'Speeds up chunk meshing and lighting updates; pairs well with any shader.', kind: 'mod', loaders: ['fabric', 'quilt'], categories: ['optimization'], owner: 2, gallery: 1 },
  { slug: 'moth-and-lamp', title: 'Moth & Lamp', summary: 'Moths gather around light sources at night and can be bred into rare glowing varieties.', kind: 'mod', loaders: ['fabric'], categories: ['mobs', 'decoration'], owner: 3, requires: ['wrenlib'] },
  { slug: 'runed-anvils', title: 'Runed Anvils', summary: 'Engrave runes into tools at an anvil for small, stackable enchantment-like bonuses.', kind: 'mod', loaders: ['neoforge'], categories: ['magic', 'equipment'], owner: 3, gallery: 2 },
  { slug: 'trailmarkers', title: 'Trailmarkers', summary: 'Stack stones into cairns that show up on your compass and remember where you have been.', kind: 'mod', loaders: ['fabric', 'quilt', 'forge'], categories: ['transportation', 'utility'], owner: 4 },
  { slug: 'quiet-nights', title: 'Quiet Nights', summary: 'Tweaks phantom spawning, bed behaviour and night length to your taste.', kind: 'mod', loaders: ['fabric'], categories: ['tweaks', 'game-mechanics'], owner: 4, status: 'unlisted' },
  { slug: 'tidepools', title: 'Tidepools', summary: 'Rocky shores with tide pools, crabs, anemones and a new kind of coral.', kind: 'mod', loaders: ['fabric', 'neoforge'], categories: ['worldgen', 'mobs'], owner: 5, gallery: 2 },
  { slug: 'glassworks', title: 'Glassworks', summary: 'Blown glass, stained panes in every dye and a kiln to make them in.', kind: 'mod', loaders: ['forge'], categories: ['decoration'], owner: 5, status: 'draft' },
  { slug: 'starlit-journey', title: 'Starlit Journey', summary: 'An exploration modpack: floating islands, lantern-lit caves and a long road between cairns.', kind: 'modpack', loaders: ['fabric'], categories: ['adventure', 'quests'], owner: 1, bundles: ['wrenlib', 'lanternlight', 'drifting-isles', 'trailmarkers', 'swiftchunk'], gallery: 3 },
  { slug: 'cozy-harbor', title: 'Cozy Harbor', summary: 'A calm building pack with cooking, tide pools and plenty of decoration blocks.', kind: 'modpack', loaders: ['neoforge'], categories: ['lightweight', 'kitchen-sink'], owner: 5, bundles: ['hearthside', 'tidepools', 'runed-anvils'], gallery: 2 },
  { slug: 'tinkers-bench', title: "Tinker's Bench", summary: 'Light technology progression built around copper circuits, with quick load times.', kind: 'modpack', loaders: ['fabric'], categories: ['technology', 'lightweight'], owner: 0, bundles: ['wrenlib', 'copper-circuits', 'satchel', 'swiftchunk'] },
  { slug: 'softstone', title: 'Softstone', summary: 'Rounded, low-contrast 16× textures that keep the game readable and calm.', kind: 'resourcepack', loaders: ['minecraft'], categories: ['16x', 'simplistic'], owner: 2, gallery: 3 },
  { slug: 'inkwash', title: 'Inkwash', summary: 'Every block repainted as brush-and-ink illustration in 32×.', kind: 'resourcepack', loaders: ['minecraft'], categories: ['32x', 'themed'], owner: 3, gallery: 2 },
  { slug: 'clear-ui', title: 'Clear UI', summary: 'Higher-contrast menus, larger tooltips and colour-blind friendly item highlights.', kind: 'resourcepack', loaders: ['minecraft'], categories: ['16x', 'gui'], owner: 4 },
  { slug: 'old-paper-sounds', title: 'Old Paper Sounds', summary: 'Softer footsteps and page-turn interface sounds.', kind: 'resourcepack', loaders: ['minecraft'], categories: ['audio'], owner: 4, status: 'unlisted' },
  { slug: 'duskfall-shaders', title: 'Duskfall Shaders', summary: 'Long golden-hour shadows, soft fog and gentle water on modest hardware.', kind: 'shader', loaders: ['iris', 'optifine'], categories: ['medium', 'shadows', 'atmosphere'], owner: 3, gallery: 3 },
  { slug: 'pebble-shaders', title: 'Pebble Shaders', summary: 'A light shader for older laptops: waving leaves, simple shadows, no bloom.', kind: 'shader', loaders: ['iris'], categories: ['potato', 'foliage'], owner: 2, gallery: 1 },
  { slug: 'aurora-path', title: 'Aurora Path', summary: 'Path-traced lighting experiment with colourful night skies.', kind: 'shader', loaders: ['iris'], categories: ['screenshot', 'path-tracing'], owner: 5, gallery: 2 },
  { slug: 'harbor-market', title: 'Harbor Market', summary: 'Player-run market stalls with rent, listings and a trade ledger for survival servers.', kind: 'plugin', loaders: ['paper', 'spigot', 'purpur'], categories: ['economy', 'social'], owner: 4, gallery: 1 },
  { slug: 'gatekeeper', title: 'Gatekeeper', summary: 'Simple land claims with golden-shovel outlines and trust lists.', kind: 'plugin', loaders: ['paper', 'folia'], categories: ['management', 'utility'], owner: 5 },
  { slug: 'ringside', title: 'Ringside', summary: 'Round-based arena minigames with queues, kits and spectators.', kind: 'plugin', loaders: ['paper'], categories: ['minigame'], owner: 1 },
  { slug: 'relay-proxy-tools', title: 'Relay Tools', summary: 'Server switching menus and shared chat for proxy networks.', kind: 'plugin', loaders: ['velocity', 'waterfall'], categories: ['utility', 'social'], owner: 0, status: 'draft' },
  { slug: 'gentle-villagers', title: 'Gentle Villagers', summary: 'Villagers restock more often and remember who helped their village.', kind: 'datapack', loaders: ['datapack'], categories: ['game-mechanics'], owner: 2 },
  { slug: 'ruins-of-salt', title: 'Ruins of Salt', summary: 'Sunken salt-crusted ruins along beaches, with maps leading to them.', kind: 'datapack', loaders: ['datapack'], categories: ['worldgen', 'adventure'], owner: 4, gallery: 2 },
  { slug: 'craftable-saddles', title: 'Craftable Saddles', summary: 'Saddles, name tags and horse armour become craftable.', kind: 'datapack', loaders: ['datapack'], categories: ['tweaks'], owner: 1 },
  // Real plugins for the built-in server runtime (demo-server-plugins.ts): installable on a demo server.
  { slug: SIGNPOST_SLUG, title: 'Signpost', summary: 'A tiny library other server plugins use to show framed notices.', kind: 'plugin', loaders: ['flying-squid'], categories: ['library'], owner: 2 },
  { slug: WELCOME_SIGN_SLUG, title: 'Welcome Sign', summary: 'Greets everyone who joins and adds a /welcome command. Needs Signpost.', kind: 'plugin', loaders: ['flying-squid'], categories: ['social', 'utility'], owner: 2, requires: [SIGNPOST_SLUG] },
  // A modpack for the built-in runtime (demo-server-pack.ts): installable on a demo server from its page.
  { slug: SERVER_PACK_SLUG, title: 'Trailhead Camp', summary: 'A ready-made server for the built-in runtime: the Welcome Sign and Signpost plugins, camp rules and a cosy client resource pack.', kind: 'modpack', loaders: ['flying-squid'], categories: ['lightweight', 'multiplayer'], owner: 2, bundles: [SIGNPOST_SLUG, WELCOME_SIGN_SLUG, 'softstone'] },
];

const GAME_VERSION_SETS = [['1.20.1'], ['1.20.1', '1.20.2'], ['1.20.4'], ['1.20.6'], ['1.21', '1.21.1'], ['1.21.1']];

const VERSION_NAMES = ['First light', 'Steady hands', 'Lantern season', 'Low tide', 'Copper morning', 'Quiet harbour', 'Second wind'];

function body(project: DemoProject, creator: string): string {
  return [
    `## About ${project.title}`,
    '',
    `${project.summary} ${project.title} is made by ${creator} and tested on every listed game version.`,
    '',
    '### Features',
    '',
    ...project.categories.map((c) => `- Fits the **${c}** style without replacing anything from the base game`),
    '- Config file with comments for every option',
    '',
    '### Compatibility',
    '',
    `Runs on ${project.loaders.join(', ')}. Report problems on the issue tracker with your log attached.`,
    '',
    '> This project is part of the Cairn demo catalogue.',
  ].join('\n');
}

/** Tiny but valid files for each kind of project (so downloads and modpack indexes are real). */
function versionFile(project: DemoProject, versionNumber: string, gameVersion: string, bundled: PublishedFile[]): { filename: string; bytes: Buffer } {
  const note = strToU8(`${project.title} ${versionNumber} — Cairn demo file\n`);
  const zip = (entries: Record<string, Uint8Array>) => Buffer.from(zipSync(entries));
  if (project.slug === SIGNPOST_SLUG || project.slug === WELCOME_SIGN_SLUG) return demoServerPlugin(project.slug, versionNumber);
  if (project.slug === SERVER_PACK_SLUG) return demoServerPack(versionNumber, gameVersion, bundled);
  switch (project.kind) {
    case 'mod':
      return {
        filename: `${project.slug}-${versionNumber}.jar`,
        bytes: zip({
          'META-INF/MANIFEST.MF': strToU8(`Manifest-Version: 1.0\nImplementation-Title: ${project.title}\nImplementation-Version: ${versionNumber}\n`),
          'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: project.slug.replace(/-/g, '_'), version: versionNumber, name: project.title })),
          'README.txt': note,
        }),
      };
    case 'plugin':
      return {
        filename: `${project.slug}-${versionNumber}.jar`,
        bytes: zip({ 'plugin.yml': strToU8(`name: ${project.title.replace(/\s/g, '')}\nversion: ${versionNumber}\nmain: demo.${project.slug.replace(/-/g, '')}.Main\n`), 'README.txt': note }),
      };
    case 'modpack': {
      const index = {
        formatVersion: 1,
        game: 'minecraft',
        versionId: versionNumber,
        name: project.title,
        summary: project.summary,
        files: bundled.map((f) => ({
          path: `mods/${f.filename}`,
          hashes: { sha1: createHash('sha1').update(f.bytes).digest('hex'), sha512: createHash('sha512').update(f.bytes).digest('hex') },
          // Demo mods run on the client and may run on the server (as their projects say).
          env: { client: 'required', server: 'optional' },
          downloads: [f.url],
          fileSize: f.bytes.length,
        })),
        dependencies: { minecraft: gameVersion, [project.loaders[0] === 'neoforge' ? 'neoforge' : 'fabric-loader']: project.loaders[0] === 'neoforge' ? '21.1.0' : '0.16.0' },
      };
      return { filename: `${project.slug}-${versionNumber}.mrpack`, bytes: zip({ 'modrinth.index.json': strToU8(JSON.stringify(index, null, 2)), 'overrides/config/pack.txt': note }) };
    }
    case 'datapack':
      return {
        filename: `${project.slug}-${versionNumber}.zip`,
        bytes: zip({ 'pack.mcmeta': strToU8(JSON.stringify({ pack: { pack_format: 15, description: project.summary } })), [`data/${project.slug.replace(/-/g, '_')}/README.txt`]: note }),
      };
    default:
      return {
        filename: `${project.title.replace(/[^A-Za-z0-9]+/g, '')}-${versionNumber}.zip`,
        bytes: zip(
          project.kind === 'shader'
            ? { 'shaders/shaders.properties': strToU8(`# ${project.title}\n`), 'README.txt': note }
            : { 'pack.mcmeta': strToU8(JSON.stringify({ pack: { pack_format: 15, description: project.summary } })), 'README.txt': note },
        ),
      };
  }
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  return (await db.select({ one: sql`1` }).from(projects).limit(1)).length === 0;
}

export async function seedDemoCatalogue(db: Database, files: FileStore, config: DemoCatalogueConfig, log: Logger): Promise<void> {
  const started = Date.now();
  const random = seededRandom(20240601);
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();

  const creatorIds: number[] = [];
  for (const username of CREATORS) {
    const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
    if (existing[0]) {
      creatorIds.push(existing[0].id);
      continue;
    }
    const id = Number(randomId());
    await db.insert(users).values({ id, username, bio: `${username} makes things for the Cairn demo catalogue.`, role: 'developer', created: new Date(now - (700 + random() * 200) * day) });
    creatorIds.push(id);
  }

  const primaryFiles = new Map<string, PublishedFile>();
  /** Every published file of each project, oldest version first. */
  const allFiles = new Map<string, PublishedFile[]>();
  const packFileOf = (slug: string, v: number): PublishedFile | undefined => {
    const list = allFiles.get(slug) ?? [];
    return list[v === 0 ? Math.max(0, list.length - 2) : list.length - 1];
  };
  let versionCount = 0;
  for (const [index, spec] of PROJECTS.entries()) {
    const ownerId = creatorIds[spec.owner]!;
    const projectId = Number(randomId());
    const teamId = Number(randomId());
    const published = new Date(now - (120 + random() * 500) * day);
    const status = spec.status ?? 'approved';
    const sides = {
      clientSide: spec.kind === 'plugin' ? 'unsupported' : 'required',
      serverSide: spec.kind === 'plugin' || spec.kind === 'datapack' || spec.slug === SERVER_PACK_SLUG ? 'required' : spec.kind === 'mod' ? 'optional' : 'unsupported',
    };

    const icon = await processIcon(await iconPng(index + 1));
    const rawIcon = await files.put(icon.original.data, { maxBytes: 1 << 20, extension: icon.original.extension });
    const smallIcon = await files.put(icon.resized.data, { maxBytes: 1 << 20, extension: icon.resized.extension });
    const gallery: Array<{ raw: StoredBlob; thumbnail: StoredBlob; g: number }> = [];
    for (let g = 0; g < (spec.gallery ?? 0); g++) {
      const image = await processGalleryImage(await galleryPng((index + 1) * 100 + g));
      const raw = await files.put(image.original.data, { maxBytes: 8 << 20, extension: image.original.extension });
      const thumbnail = await files.put(image.thumbnail.data, { maxBytes: 8 << 20, extension: image.thumbnail.extension });
      gallery.push({ raw, thumbnail, g });
    }

    await db.transaction(async (tx) => {
      await tx.insert(teams).values({ id: teamId });
      await tx.insert(teamMembers).values({ teamId, userId: ownerId, role: 'Lead developer', isOwner: true, permissions: ALL_PROJECT_PERMISSIONS, accepted: true, payoutsSplit: 100 });
      if (index % 4 === 1) {
        const helper = creatorIds[(spec.owner + 1) % creatorIds.length]!;
        await tx.insert(teamMembers).values({ teamId, userId: helper, role: 'Artist', permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION | PROJECT_PERMISSIONS.EDIT_BODY, accepted: true, payoutsSplit: 30, ordering: 1 });
      }
      await tx.insert(projects).values({
        id: projectId,
        slug: spec.slug,
        teamId,
        title: spec.title,
        summary: spec.summary,
        body: body(spec, CREATORS[spec.owner]!),
        declaredType: spec.kind === 'modpack' ? 'modpack' : 'mod',
        status,
        requestedStatus: status === 'draft' ? null : 'approved',
        licenseId: ['MIT', 'Apache-2.0', 'LGPL-3.0-only', 'MPL-2.0', 'LicenseRef-All-Rights-Reserved'][index % 5]!,
        published,
        updated: published,
        approved: status === 'draft' ? null : new Date(published.getTime() + 2 * day),
        queued: status === 'draft' ? null : new Date(published.getTime() + day),
        iconKey: smallIcon.key,
        rawIconKey: rawIcon.key,
        color: icon.color,
        ...sides,
      });
      await tx.insert(threads).values({ id: Number(randomId()), type: 'project', projectId });
      await tx.insert(projectCategories).values(spec.categories.map((category, i) => ({ projectId, category, additional: i >= 3 })));
      await tx.insert(projectLinks).values([
        { projectId, platform: 'source', donation: false, url: `https://git.example.org/${CREATORS[spec.owner]!.toLowerCase()}/${spec.slug}` },
        { projectId, platform: 'issues', donation: false, url: `https://git.example.org/${CREATORS[spec.owner]!.toLowerCase()}/${spec.slug}/issues` },
        ...(index % 3 === 0 ? [{ projectId, platform: 'ko-fi', donation: true, url: `https://ko-fi.example.org/${CREATORS[spec.owner]!.toLowerCase()}` }] : []),
      ]);
      if (gallery.length) {
        await tx.insert(projectGalleryImages).values(
          gallery.map(({ raw, thumbnail, g }) => ({
            projectId,
            imageKey: thumbnail.key,
            rawImageKey: raw.key,
            featured: g === 0,
            title: g === 0 ? `${spec.title} at dusk` : `Screenshot ${g + 1}`,
            description: g === 0 ? spec.summary : null,
            ordering: g,
          })),
        );
      }
      await recordSearchChange(tx, [projectId]);
    });

    // Versions go through the real upload path (file checks, modpack index, dependencies).
    const drawn = 2 + Math.floor(random() * 3);
    // The server pack has exactly two versions: the one to install and the one "Update pack" moves to.
    const versionTotal = spec.slug === SERVER_PACK_SLUG ? 2 : drawn;
    const sets = GAME_VERSION_SETS.slice(Math.max(0, GAME_VERSION_SETS.length - versionTotal - 1));
    let projectDownloads = 0;
    for (let v = 0; v < versionTotal; v++) {
      const versionNumber = `${1 + Math.floor(v / 2)}.${(v % 2) * 2 + Math.floor(random() * 2)}.${Math.floor(random() * 4)}`;
      // Built-in runtime plugins target the game version demo servers run.
      const gameVersions = spec.loaders.includes('flying-squid') ? [DEMO_PLUGIN_GAME_VERSION] : sets[Math.min(v, sets.length - 1)]!;
      // The server pack's first version bundles the second-newest files, the next the newest (so an update changes them).
      const bundled = (spec.bundles ?? [])
        .map((slug) => (spec.slug === SERVER_PACK_SLUG ? packFileOf(slug, v) : primaryFiles.get(slug)))
        .filter((f): f is PublishedFile => f !== undefined);
      const file = versionFile(spec, versionNumber, gameVersions[0]!, bundled);
      const blob = await files.put(file.bytes, { maxBytes: 1 << 20, extension: file.filename.split('.').pop()! });
      const requires = (spec.requires ?? [])
        .map((slug) => PROJECTS.findIndex((p) => p.slug === slug))
        .filter((i) => i >= 0 && i < index);
      const requiredIds = await Promise.all(requires.map(async (i) => (await db.select({ id: projects.id }).from(projects).where(eq(projects.slug, PROJECTS[i]!.slug)))[0]!.id));
      const data: InitialVersionData = {
        name: `${spec.title} ${versionNumber} — ${VERSION_NAMES[(index + v) % VERSION_NAMES.length]}`,
        version_number: versionNumber,
        changelog: `### ${versionNumber}\n\n- ${v === 0 ? 'First public release' : 'Fixes and small improvements'}\n- Tested on ${gameVersions.join(', ')}`,
        dependencies: requiredIds.map((id) => ({ project_id: encodeBase62(id), dependency_type: 'required' as const })),
        game_versions: gameVersions,
        version_type: v === versionTotal - 1 && random() < 0.3 ? 'beta' : 'release',
        // The server pack's index names no loader (the built-in runtime): the version names it.
        loaders: spec.kind === 'modpack' ? ['mrpack', ...(spec.slug === SERVER_PACK_SLUG ? spec.loaders : [])] : spec.loaders,
        featured: v === versionTotal - 1,
        status: spec.status === 'draft' ? 'draft' : 'listed',
        file_parts: ['file'],
      };
      const prepared = await prepareVersionUpload({ files, modpackDownloads: config.modpackDownloads }, data, [{ field: 'file', filename: file.filename, blob }]);
      const project = { id: projectId, ...sides };
      const versionId = await db.transaction((tx) => insertVersionUpload(tx, { project, authorId: ownerId, prepared }));
      const downloads = Math.floor(random() ** 3 * 400_000);
      projectDownloads += downloads;
      await db
        .update(versions)
        .set({ datePublished: new Date(published.getTime() + ((v + 1) / (versionTotal + 1)) * (now - published.getTime())), downloads })
        .where(eq(versions.id, versionId));
      if (v === versionTotal - 1 && spec.kind === 'mod') primaryFiles.set(spec.slug, { ...file, url: versionFileUrl(config.publicApiUrl, projectId, versionId, file.filename) });
      allFiles.set(spec.slug, [...(allFiles.get(spec.slug) ?? []), { ...file, url: versionFileUrl(config.publicApiUrl, projectId, versionId, file.filename) }]);
      versionCount++;
    }
    await db.update(projects).set({ downloads: projectDownloads, updated: new Date(now - random() * 30 * day) }).where(eq(projects.id, projectId));
  }

  // Creators follow each other's projects.
  const projectRows = await db.select({ id: projects.id, teamId: projects.teamId }).from(projects).where(sql`${projects.status} in ('approved', 'unlisted')`);
  for (const [i, creatorId] of creatorIds.entries()) {
    const follows = projectRows.filter((_, p) => (p + i) % 3 === 0).map((p) => ({ userId: creatorId, projectId: p.id }));
    if (follows.length) await db.insert(projectFollows).values(follows).onConflictDoNothing();
  }
  await db.execute(sql`update projects p set followers = (select count(*) from project_follows f where f.project_id = p.id) + floor(random() * 900)::int`);
  log.info(`Seeded the demo catalogue: ${CREATORS.length} creators, ${PROJECTS.length} projects, ${versionCount} versions (${((Date.now() - started) / 1000).toFixed(1)} s).`);
}

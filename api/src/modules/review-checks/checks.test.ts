import { MIN_DESCRIPTION_CHARACTERS, REVIEW_CHECK_IDS, REVIEW_CHECK_REASONS } from '@cairn/shared/schemas/review-checks';
import { describe, expect, it } from 'vitest';
import { REVIEW_CHECKS } from './checks.js';
import { descriptionCheck, descriptionProseLength } from './checks/description.js';
import { galleryAltTextCheck } from './checks/gallery-alt-text.js';
import { licenseCheck, licenseTokens } from './checks/license.js';
import { linksCheck } from './checks/links.js';
import { bundledExternalFiles, creditNames, modpackAttributionCheck } from './checks/modpack-attribution.js';
import { unsupportedLoaders, versionMetadataCheck } from './checks/version-metadata.js';
import type { CheckOutcome, ReviewCheckEnv, ReviewSubject, SubjectVersion } from './review-check.js';

const LONG_BODY = 'This mod adds copper golems that sort items into chests. '.repeat(5);
const env = {} as ReviewCheckEnv;

function subject(overrides: Partial<Omit<ReviewSubject, 'project'>> & { project?: Partial<ReviewSubject['project']> } = {}): ReviewSubject {
  return {
    knownLicenses: new Set(['mit', 'apache-2.0']),
    links: [],
    gallery: [],
    versions: [],
    ...overrides,
    project: { id: 1, body: LONG_BODY, licenseId: 'MIT', licenseUrl: null, ...overrides.project },
  };
}

function version(overrides: Partial<SubjectVersion> = {}): SubjectVersion {
  return {
    id: 10,
    versionNumber: '1.0.0',
    changelog: '',
    loaders: ['fabric'],
    gameVersions: ['1.20.1'],
    projectTypes: ['mod'],
    externalFiles: [],
    file: { state: 'read', names: ['fabric.mod.json'], loaders: ['fabric'], gameVersions: ['1.20', '1.20.1'] },
    ...overrides,
  };
}

const run = (check: { run: (s: ReviewSubject, e: ReviewCheckEnv) => unknown }, s: ReviewSubject) => check.run(s, env) as CheckOutcome;

describe('the list of checks', () => {
  it('runs every check id once, in the shown order, each answering only its own reasons', async () => {
    expect(REVIEW_CHECKS.map((check) => check.id)).toEqual([...REVIEW_CHECK_IDS]);
    for (const check of REVIEW_CHECKS) {
      // A project without versions: the checks that read more than the subject need nothing else.
      const outcome = await check.run(subject(), env);
      expect(REVIEW_CHECK_REASONS[check.id] as readonly string[]).toContain(outcome.reason);
    }
  });
});

describe('license', () => {
  it('passes a known SPDX id, an expression of known ids and all rights reserved', () => {
    expect(run(licenseCheck, subject()).status).toBe('pass');
    expect(run(licenseCheck, subject({ project: { licenseId: '(MIT OR Apache-2.0+)' } })).status).toBe('pass');
    expect(run(licenseCheck, subject({ project: { licenseId: 'LicenseRef-All-Rights-Reserved' } })).status).toBe('pass');
  });

  it('fails a missing license, pointing at the license field', () => {
    const outcome = run(licenseCheck, subject({ project: { licenseId: 'LicenseRef-Unknown' } }));
    expect(outcome).toMatchObject({ status: 'fail', reason: 'missing', fix: { kind: 'settings', section: 'license', field: 'license_id' } });
  });

  it('fails ids the license list does not know, naming them', () => {
    const outcome = run(licenseCheck, subject({ project: { licenseId: 'MIT AND Made-Up-1.0' } }));
    expect(outcome).toMatchObject({ status: 'fail', reason: 'unknown_id', items: [{ subject: 'Made-Up-1.0' }] });
  });

  it('asks a custom license for the link to its text', () => {
    const without = run(licenseCheck, subject({ project: { licenseId: 'LicenseRef-Golem-License' } }));
    expect(without).toMatchObject({ status: 'fail', reason: 'custom_without_url', fix: { field: 'license_url' } });
    expect(run(licenseCheck, subject({ project: { licenseId: 'LicenseRef-Golem-License', licenseUrl: 'https://example.org/license' } })).status).toBe('pass');
  });

  it('reads the SPDX ids out of an expression', () => {
    expect(licenseTokens('(GPL-3.0-or-later WITH Classpath-exception-2.0) OR LicenseRef-Mine OR MIT+')).toEqual(['GPL-3.0-or-later', 'Classpath-exception-2.0', 'MIT']);
  });
});

describe('description', () => {
  it('counts prose only: headings, images, link targets and markup are left out', () => {
    expect(descriptionProseLength('# Title\n\n## Features')).toBe(0);
    expect(descriptionProseLength('![shot](https://example.org/a.png)\n**Bold** [link](https://example.org/long/path)')).toBe('Bold link'.length);
    expect(descriptionProseLength('- one\n- two\n\n<p>three</p>')).toBe('one two three'.length);
  });

  it('fails an empty or placeholder description and one under the minimum, with the figures', () => {
    expect(run(descriptionCheck, subject({ project: { body: '# My mod' } }))).toMatchObject({ status: 'fail', reason: 'missing' });
    const short = run(descriptionCheck, subject({ project: { body: 'Adds golems.' } }));
    expect(short).toMatchObject({ status: 'fail', reason: 'too_short', values: { length: 12, minimum: MIN_DESCRIPTION_CHARACTERS }, fix: { section: 'description' } });
  });

  it('passes a description of at least the minimum', () => {
    expect(run(descriptionCheck, subject()).status).toBe('pass');
  });
});

describe('links', () => {
  it('passes no links and well-formed https links', () => {
    expect(run(linksCheck, subject()).reason).toBe('none');
    expect(run(linksCheck, subject({ links: [{ platform: 'source', url: 'https://example.org/src', donation: false }] })).status).toBe('pass');
  });

  it('fails links that are not well-formed https URLs, each with the field to fix', () => {
    const outcome = run(
      linksCheck,
      subject({
        links: [
          { platform: 'issues', url: 'http://example.org/issues', donation: false },
          { platform: 'wiki', url: 'https://example.org/wiki', donation: false },
          { platform: 'patreon', url: 'not a url', donation: true },
        ],
      }),
    );
    expect(outcome).toMatchObject({ status: 'fail', reason: 'malformed' });
    expect(outcome.items).toEqual([
      { subject: 'issues', fix: { kind: 'settings', section: 'links', field: 'issues_url' } },
      { subject: 'patreon', fix: { kind: 'settings', section: 'links', field: 'donation_urls' } },
    ]);
  });
});

describe('gallery alt text', () => {
  it('warns about images with neither title nor description, linking to the gallery', () => {
    const outcome = run(
      galleryAltTextCheck,
      subject({
        gallery: [
          { url: 'https://cdn.example/a.webp', title: 'Golems', description: null },
          { url: 'https://cdn.example/b.webp', title: null, description: 'A golem sorting' },
          { url: 'https://cdn.example/c.webp', title: '  ', description: null },
        ],
      }),
    );
    expect(outcome).toMatchObject({ status: 'warn', reason: 'missing_alt', values: { missing: 1, total: 3 }, items: [{ subject: 'https://cdn.example/c.webp' }] });
  });

  it('passes an empty gallery and one fully described', () => {
    expect(run(galleryAltTextCheck, subject()).reason).toBe('no_images');
    expect(run(galleryAltTextCheck, subject({ gallery: [{ url: 'u', title: 'T', description: null }] })).status).toBe('pass');
  });
});

describe('modpack attribution', () => {
  const pack = (overrides: Partial<SubjectVersion> = {}) =>
    version({
      projectTypes: ['modpack'],
      file: {
        state: 'read',
        names: ['modrinth.index.json', 'overrides/mods/golem-sorter-2.1.0.jar', 'overrides/config/golems.toml', 'client-overrides/resourcepacks/Crisp.zip', 'overrides/config/extra.zip'],
        loaders: ['fabric'],
        gameVersions: ['1.20.1'],
      },
      externalFiles: ['private-tweaks.jar'],
      ...overrides,
    });

  it('finds jars and packs in the overrides and index files that matched no catalogue file', () => {
    expect(bundledExternalFiles(pack())).toEqual(['overrides/mods/golem-sorter-2.1.0.jar', 'client-overrides/resourcepacks/Crisp.zip', 'private-tweaks.jar']);
  });

  it('credits a file by its name or its name before the version number', () => {
    expect(creditNames('overrides/mods/golem-sorter-2.1.0.jar')).toEqual(['golem-sorter-2.1.0.jar', 'golem-sorter-2.1.0', 'golem-sorter']);
  });

  it('fails bundled files nobody is credited for, each with its version', () => {
    const outcome = run(modpackAttributionCheck, subject({ project: { body: `${LONG_BODY}\nCrisp textures by Ann, with permission.` }, versions: [pack()] }));
    expect(outcome).toMatchObject({ status: 'fail', reason: 'missing', values: { missing: 2 } });
    expect(outcome.items!.map((item) => [item.subject, item.versionId])).toEqual([
      ['overrides/mods/golem-sorter-2.1.0.jar', 10],
      ['private-tweaks.jar', 10],
    ]);
  });

  it('passes once the description or changelog credits every file', () => {
    const credited = pack({ changelog: 'Bundles Golem-Sorter (permission from its author), crisp and private-tweaks.' });
    expect(run(modpackAttributionCheck, subject({ versions: [credited] }))).toMatchObject({ status: 'pass', reason: 'ok' });
  });

  it('has nothing to say about projects without modpacks or packs without bundled files', () => {
    expect(run(modpackAttributionCheck, subject({ versions: [version()] })).reason).toBe('not_modpack');
    const clean = pack({ externalFiles: [], file: { state: 'read', names: ['modrinth.index.json', 'overrides/config/a.toml'], loaders: [], gameVersions: [] } });
    expect(run(modpackAttributionCheck, subject({ versions: [clean] })).reason).toBe('none_bundled');
  });
});

describe('version metadata', () => {
  it('passes versions that agree with their files', () => {
    expect(run(versionMetadataCheck, subject({ versions: [version()] })).status).toBe('pass');
    expect(run(versionMetadataCheck, subject()).reason).toBe('no_versions');
  });

  it('warns about declared loaders and game versions the file does not support, linking to the version', () => {
    const outcome = run(versionMetadataCheck, subject({ versions: [version({ loaders: ['fabric', 'forge'], gameVersions: ['1.20.1', '1.21'] })] }));
    expect(outcome).toMatchObject({ status: 'warn', reason: 'mismatch' });
    expect(outcome.items).toEqual([
      { subject: '1.0.0', versionId: 10, field: 'loaders', declared: ['forge'], found: ['fabric'], fix: { kind: 'version', versionId: 10 } },
      { subject: '1.0.0', versionId: 10, field: 'game_versions', declared: ['1.21'], found: ['1.20', '1.20.1'], fix: { kind: 'version', versionId: 10 } },
    ]);
  });

  it('warns about files it cannot read, and skips versions without files', () => {
    const outcome = run(
      versionMetadataCheck,
      subject({ versions: [version({ file: { state: 'unreadable', problem: 'not a zip', names: [] } }), version({ id: 11, file: { state: 'no_file' } })] }),
    );
    expect(outcome).toMatchObject({ status: 'warn', reason: 'unreadable', items: [{ subject: '1.0.0', versionId: 10 }] });
  });

  it('accepts Quilt for Fabric mods and any plugin platform for a plugin manifest', () => {
    expect(unsupportedLoaders(['quilt', 'fabric'], ['fabric'])).toEqual([]);
    expect(unsupportedLoaders(['paper', 'purpur', 'folia'], ['bukkit', 'paper'])).toEqual([]);
    expect(unsupportedLoaders(['neoforge'], ['forge'])).toEqual(['neoforge']);
    expect(unsupportedLoaders(['forge'], [])).toEqual([]);
  });
});

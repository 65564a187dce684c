import { describe, expect, it } from 'vitest';
import { CreateProjectDataSchema, ModifyProjectBodySchema, ProjectSchema, isHttpsUrl } from './projects.js';
import { TeamMemberSchema } from './teams.js';
import { VersionFileSchema, VersionSchema } from './versions.js';

describe('catalogue wire schemas', () => {
  it('carry every field of the v2 contract objects', () => {
    // Required and optional fields of the OpenAPI `Project`, plus `raw_url`-style extras we document
    // and Cairn's translated descriptions (`original_language`, `description_languages`; docs/api/catalogue.md).
    expect(Object.keys(ProjectSchema.shape).sort()).toEqual(
      [
        'additional_categories', 'approved', 'body', 'body_url', 'categories', 'client_side', 'color', 'description', 'discord_url',
        'donation_urls', 'downloads', 'environment', 'followers', 'gallery', 'game_versions', 'icon_url', 'id', 'issues_url', 'license',
        'loaders', 'moderator_message', 'monetization_status', 'organization', 'project_type', 'published', 'queued', 'raw_icon_url',
        'requested_status', 'server_side', 'slug', 'source_url', 'status', 'team', 'thread_id', 'title', 'updated', 'versions', 'wiki_url',
        'original_language', 'description_languages',
      ].sort(),
    );
    expect(Object.keys(VersionSchema.shape).sort()).toEqual(
      [
        'author_id', 'changelog', 'changelog_url', 'date_published', 'dependencies', 'downloads', 'environment', 'featured', 'files',
        'game_versions', 'id', 'loaders', 'name', 'project_id', 'requested_status', 'status', 'version_number', 'version_type',
        'changelog_languages',
      ].sort(),
    );
    expect(Object.keys(VersionFileSchema.shape).sort()).toEqual(['file_type', 'filename', 'hashes', 'primary', 'size', 'url']);
    // Plus `organization_permissions`, present only on organization teams (the contract's object is open to extra fields).
    expect(Object.keys(TeamMemberSchema.shape).sort()).toEqual(['accepted', 'ordering', 'organization_permissions', 'payouts_split', 'permissions', 'role', 'team_id', 'user']);
  });

  it('accept only https links of at most 2048 characters', () => {
    expect(isHttpsUrl('https://example.com/a')).toBe(true);
    expect(isHttpsUrl('http://example.com')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl(`https://example.com/${'a'.repeat(2040)}`)).toBe(false);
  });

  it('map the legacy creation field names', () => {
    const parsed = CreateProjectDataSchema.parse({
      mod_name: 'Name', mod_slug: 'slug', mod_description: 'Summary', mod_body: '', categories: [], client_side: 'required', server_side: 'unsupported', license_id: 'MIT',
    });
    expect(parsed).toMatchObject({ title: 'Name', slug: 'slug', description: 'Summary', project_type: 'mod', initial_versions: [] });
  });

  it('name the field in edit errors', () => {
    const result = ModifyProjectBodySchema.safeParse({ title: 'ab' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['title']);
  });
});

import { describe, it, expect } from 'vitest';
import { CATEGORIES } from '../constants/categories.js';
import { DONATION_PLATFORMS } from '../constants/donation-platforms.js';
import { LOADERS, loaderTagProjectTypes } from '../constants/loaders.js';
import { PROJECT_TYPES } from '../constants/project-types.js';
import { REPORT_TYPES } from '../constants/report-types.js';
import { SIDE_TYPES } from '../constants/side-types.js';
import {
  CategoryListResponseSchema,
  CategoryTagSchema,
  DonationPlatformListResponseSchema,
  GameVersionTagSchema,
  LicenseTagSchema,
  LicenseTextSchema,
  LoaderListResponseSchema,
  ProjectTypeListResponseSchema,
  ReportTypeListResponseSchema,
  SideTypeListResponseSchema,
  VersionListQuerySchema,
} from './tags.js';

describe('tag schemas', () => {
  it('have exactly the OpenAPI fields', () => {
    expect(Object.keys(CategoryTagSchema.shape).sort()).toEqual(['header', 'icon', 'name', 'project_type']);
    expect(Object.keys(GameVersionTagSchema.shape).sort()).toEqual(['date', 'major', 'version', 'version_type']);
    expect(Object.keys(LicenseTagSchema.shape).sort()).toEqual(['name', 'short']);
    expect(Object.keys(LicenseTextSchema.shape).sort()).toEqual(['body', 'title']);
  });

  it('accept the constants in wire form', () => {
    const categories = CATEGORIES.map((c) => ({ icon: c.icon, name: c.name, project_type: c.projectType, header: c.header }));
    expect(CategoryListResponseSchema.parse(categories)).toHaveLength(CATEGORIES.length);
    const loaders = LOADERS.map((l) => ({ icon: l.icon, name: l.name, supported_project_types: loaderTagProjectTypes(l) }));
    expect(LoaderListResponseSchema.parse(loaders)).toHaveLength(LOADERS.length);
    expect(DonationPlatformListResponseSchema.parse(DONATION_PLATFORMS)).toHaveLength(6);
    expect(ReportTypeListResponseSchema.parse([...REPORT_TYPES])).toHaveLength(8);
    expect(ProjectTypeListResponseSchema.parse([...PROJECT_TYPES])).toHaveLength(6);
    expect(SideTypeListResponseSchema.parse([...SIDE_TYPES])).toEqual(['required', 'optional', 'unsupported', 'unknown']);
  });

  it('validate game versions', () => {
    const release = { version: '1.20.1', version_type: 'release', date: '2023-06-12T13:25:51+00:00', major: false };
    expect(GameVersionTagSchema.parse(release)).toEqual(release);
    expect(GameVersionTagSchema.safeParse({ ...release, date: '2023-06-12T13:25:51.000Z' }).success).toBe(true);
    expect(GameVersionTagSchema.safeParse({ ...release, version_type: 'old_beta' }).success).toBe(false);
    expect(GameVersionTagSchema.safeParse({ ...release, date: 'June 2023' }).success).toBe(false);
  });

  it('parse the game version filters', () => {
    expect(VersionListQuerySchema.parse({})).toEqual({});
    expect(VersionListQuerySchema.parse({ type: 'release', major: 'true' })).toEqual({ type: 'release', major: true });
    expect(VersionListQuerySchema.parse({ major: 'false' })).toEqual({ major: false });
    expect(VersionListQuerySchema.safeParse({ major: 'yes' }).success).toBe(false);
    expect(VersionListQuerySchema.safeParse({ type: 'old_alpha' }).success).toBe(false);
  });
});

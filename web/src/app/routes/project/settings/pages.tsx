import { isProjectType } from '@cairn/shared/constants/project-types';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { data, type LoaderFunction } from 'react-router';
import { PROJECT_SETTINGS_SECTIONS, PROJECT_VIEW_SECTIONS, type ProjectSettingsSection } from '../../../../config/paths';
import * as analytics from './analytics';
import * as description from './description';
import * as general from './general';
import * as layout from './layout';
import * as license from './license';
import * as links from './links';
import * as members from './members';
import * as tags from './tags';
import * as webhooks from './webhooks';

/**
 * `/{type}/{id}/settings[/{section}]` as one route module: the layout and the eight pages share a
 * chunk and the router holds one entry for them (the shell, and so the search route's budget,
 * stays small). The section picks the page and its extra data.
 */
interface SectionPage {
  Component: ComponentType;
  createLoader?: (queryClient: QueryClient) => LoaderFunction;
}

const PAGES: Record<ProjectSettingsSection, SectionPage> = { general, tags, description, license, links, members, webhooks, analytics };

function sectionOf(value: string | undefined): ProjectSettingsSection | undefined {
  const section = value ?? 'general';
  return ([...PROJECT_SETTINGS_SECTIONS, ...PROJECT_VIEW_SECTIONS] as readonly string[]).includes(section) && value !== 'general' ? (section as ProjectSettingsSection) : undefined;
}

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async (args) => {
    const section = sectionOf(args.params.section);
    const type = args.params.type ?? '';
    if (!section || !(isProjectType(type) || type === 'project')) throw data('Not found', { status: 404 });
    await layout.createLoader(queryClient)(args);
    await PAGES[section].createLoader?.(queryClient)(args);
    return null;
  };

export function Component() {
  return <layout.Component pages={PAGES} />;
}

import { isProjectType, projectTypeFromSearchSegment } from '@cairn/shared/constants/project-types';
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { data, replace, useParams, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { organizationQueries } from '../../../features/organizations/api/organizations-queries';
import { OrganizationPage } from '../../../features/organizations/components/organization-page';
import { useHead } from '../../../lib/head';

const typeOf = (segment: string | undefined) => (segment === undefined ? undefined : isProjectType(segment) ? segment : projectTypeFromSearchSegment(segment));

/** `/organization/{id|slug}` and `/organization/{…}/{project type}`; the id is replaced by the slug. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params, request }) => {
    const type = typeOf(params.projectType);
    if (params.projectType !== undefined && type === undefined) throw data('Not found', { status: 404 });
    const organization = await queryClient.ensureQueryData(organizationQueries.detail(params.id ?? ''));
    queryClient.setQueryData(organizationQueries.detail(organization.slug).queryKey, organization);
    if (params.id !== organization.slug || params.projectType !== type) {
      throw replace(`/organization/${encodeURIComponent(organization.slug)}${type ? `/${type}` : ''}${new URL(request.url).search}`);
    }
    await queryClient.ensureQueryData(organizationQueries.projects(organization.slug));
    return null;
  };

/** The type tabs only change the path. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, defaultShouldRevalidate }) =>
  currentParams.id !== nextParams.id && defaultShouldRevalidate;

export function Component() {
  const params = useParams();
  const { data: organization } = useSuspenseQuery(organizationQueries.detail(params.id ?? ''));
  const { data: projects } = useSuspenseQuery(organizationQueries.projects(organization.slug));
  useHead({ title: organization.name, description: organization.description });
  return <OrganizationPage organization={organization} projects={projects} projectType={typeOf(params.projectType)} />;
}

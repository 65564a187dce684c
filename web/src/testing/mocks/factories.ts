import { LOADERS, loaderTagProjectTypes } from '@cairn/shared/constants/loaders';
import { lineIcon } from '@cairn/shared/constants/svg-icon';
import { ErrorBodySchema, type ErrorBody } from '@cairn/shared/schemas/common';
import { LoaderTagSchema, type LoaderTag } from '@cairn/shared/schemas/tags';

/**
 * Mock data is built here and parsed through the shared contract schemas, so a mock that drifts
 * from what the API really sends fails loudly instead of passing tests against a wrong shape.
 */

export function buildLoaderTag(overrides: Partial<LoaderTag> = {}): LoaderTag {
  return LoaderTagSchema.parse({
    icon: lineIcon('<circle cx="12" cy="12" r="8"/>'),
    name: 'fabric',
    supported_project_types: ['mod', 'modpack', 'project'],
    ...overrides,
  });
}

/** The loader list as the API sends it, from the shared loader table. */
export function buildLoaderTagList(): LoaderTag[] {
  return LOADERS.map((loader) =>
    buildLoaderTag({ name: loader.name, icon: loader.icon, supported_project_types: loaderTagProjectTypes(loader) }),
  );
}

export function buildErrorBody(overrides: Partial<ErrorBody> = {}): ErrorBody {
  return ErrorBodySchema.parse({ error: 'not_found', description: 'The requested item was not found', ...overrides });
}

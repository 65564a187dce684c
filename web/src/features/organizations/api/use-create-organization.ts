import type { CreateOrganizationBody, Organization } from '@cairn/shared/schemas/organizations';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { createOrganization } from './organizations-api';
import { useOrganizationMutation } from './use-organization-mutation';

export function useCreateOrganization(callbacks: MutationCallbacks<Organization, CreateOrganizationBody> = {}) {
  return useOrganizationMutation(createOrganization, callbacks);
}

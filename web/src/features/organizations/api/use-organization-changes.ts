import type { HandOverChoice } from '@cairn/shared/constants/effective-permissions';
import type { ModifyOrganizationBody } from '@cairn/shared/schemas/organizations';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import * as api from './organizations-api';
import { useOrganizationMutation } from './use-organization-mutation';

type Callbacks<V> = MutationCallbacks<unknown, V>;

export const useEditOrganization = (id: string, callbacks?: Callbacks<ModifyOrganizationBody>) =>
  useOrganizationMutation((body: ModifyOrganizationBody) => api.modifyOrganization(id, body), callbacks);

export const useDeleteOrganization = (id: string, callbacks?: Callbacks<void>) => useOrganizationMutation(() => api.deleteOrganization(id), callbacks);

export const useChangeOrganizationIcon = (id: string, callbacks?: Callbacks<File | null>) =>
  useOrganizationMutation((file: File | null) => (file ? api.changeOrganizationIcon(id, file) : api.deleteOrganizationIcon(id)), callbacks);

export interface AddProjectVariables {
  projectId: string;
  /** What the project's owner keeps; the API's default (`keep`) when left out. */
  ownerPermissions?: HandOverChoice;
}

export const useAddOrganizationProject = (id: string, callbacks?: Callbacks<AddProjectVariables>) =>
  useOrganizationMutation(({ projectId, ownerPermissions }: AddProjectVariables) => api.addOrganizationProject(id, projectId, ownerPermissions), callbacks);

export const useRemoveOrganizationProject = (id: string, callbacks?: Callbacks<{ projectId: string; newOwner: string }>) =>
  useOrganizationMutation(({ projectId, newOwner }: { projectId: string; newOwner: string }) => api.removeOrganizationProject(id, projectId, newOwner), callbacks);

/** Invites by username (or id): the user is looked up first. */
export const useInviteMember = (teamId: string, callbacks?: Callbacks<{ user: string; change: api.MemberChange }>) =>
  useOrganizationMutation(async ({ user, change }: { user: string; change: api.MemberChange }) => api.inviteMember(teamId, (await api.findUser(user)).id, change), callbacks);

/** Adds a known user to a team (an organization member to its project's team needs no invitation). */
export const useAddTeamMember = (teamId: string, callbacks?: Callbacks<{ userId: string; change: api.MemberChange }>) =>
  useOrganizationMutation(({ userId, change }: { userId: string; change: api.MemberChange }) => api.inviteMember(teamId, userId, change), callbacks);

export const useEditMember = (teamId: string, callbacks?: Callbacks<{ userId: string; change: api.MemberChange }>) =>
  useOrganizationMutation(({ userId, change }: { userId: string; change: api.MemberChange }) => api.editMember(teamId, userId, change), callbacks);

export const useRemoveMember = (teamId: string, callbacks?: Callbacks<string>) => useOrganizationMutation((userId: string) => api.removeMember(teamId, userId), callbacks);

export const useTransferOwnership = (teamId: string, callbacks?: Callbacks<string>) =>
  useOrganizationMutation((userId: string) => api.transferOwnership(teamId, userId), callbacks);

export const useJoinOrganization = (teamId: string, callbacks?: Callbacks<void>) => useOrganizationMutation(() => api.joinTeam(teamId), callbacks);

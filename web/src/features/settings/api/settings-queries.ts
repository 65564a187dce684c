import { BackupCodesSchema, RedirectTargetSchema, TwoFactorSecretSchema, type ChangePasswordBody } from '@cairn/shared/schemas/auth';
import type { ModifyUserBody } from '@cairn/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

// The signed-in user's own account: profile (/v2/user/{id}), email, password, two-factor and
// linked providers (/v2/auth/*). Reads go through currentUserQuery and authProvidersQuery (lib/).

export const modifyUser = (id: string, body: ModifyUserBody) => apiFetch(`/v2/user/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: NoContentSchema });
export const deleteUser = (id: string) => apiFetch(`/v2/user/${encodeURIComponent(id)}`, { method: 'DELETE', schema: NoContentSchema });

/** The image goes as the raw body; `ext` names its format. */
export const changeUserIcon = (id: string, file: File, ext: string) =>
  apiFetch(`/v2/user/${encodeURIComponent(id)}/icon`, { method: 'PATCH', query: { ext }, body: file, schema: NoContentSchema });
export const deleteUserIcon = (id: string) => apiFetch(`/v2/user/${encodeURIComponent(id)}/icon`, { method: 'DELETE', schema: NoContentSchema });

export const changePassword = (body: ChangePasswordBody) => apiFetch('/v2/auth/password', { method: 'PATCH', body, schema: NoContentSchema });
export const changeEmail = (email: string) => apiFetch('/v2/auth/email', { method: 'PATCH', body: { email }, schema: NoContentSchema });

export const beginTwoFactorSetup = () => apiFetch('/v2/auth/2fa/get_secret', { method: 'POST', schema: TwoFactorSecretSchema });
export const enableTwoFactor = (body: { code: string; flow: string }) => apiFetch('/v2/auth/2fa', { method: 'POST', body, schema: BackupCodesSchema });
export const disableTwoFactor = (code: string) => apiFetch('/v2/auth/2fa', { method: 'DELETE', body: { code }, schema: NoContentSchema });

/** Answers the provider page to send the browser to; it comes back to `url` once linked. */
export const beginProviderLink = (provider: string, url: string) =>
  apiFetch('/v2/auth/provider', { method: 'POST', body: { provider, url }, schema: RedirectTargetSchema });
export const unlinkProvider = (provider: string) => apiFetch('/v2/auth/provider', { method: 'DELETE', body: { provider }, schema: NoContentSchema });

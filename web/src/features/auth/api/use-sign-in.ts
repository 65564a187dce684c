import type { IssuedSession, LoginBody, LoginResponse, LoginTwoFactorBody } from '@cairn/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { login, loginTwoFactor } from './auth-queries';

// The sign-in screen decides what a session is for (this browser or a launcher), so these leave
// the cache alone; the screen refreshes it with refreshAfterAuthChange when the browser signs in.

/** Password (and captcha) step: answers a session, or the flow of the two-factor step. */
export function useLogin(callbacks: MutationCallbacks<LoginResponse, LoginBody> = {}) {
  return useMutation({ mutationFn: login, onSuccess: callbacks.onSuccess, onError: callbacks.onError });
}

/** Two-factor step: a code for the flow of the password step. */
export function useLoginTwoFactor(callbacks: MutationCallbacks<IssuedSession, LoginTwoFactorBody> = {}) {
  return useMutation({ mutationFn: loginTwoFactor, onSuccess: callbacks.onSuccess, onError: callbacks.onError });
}

/** How the auth plugin resolves a bearer token to its live credential and records its use. */
export { findLiveCredential, touchCredential, type CredentialRow } from './credentials.repository.js';

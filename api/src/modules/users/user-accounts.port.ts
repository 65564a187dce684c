/**
 * The account rows the sign-in, sign-up and third-party sign-in flows (and the demo seed) work
 * on directly: credentials, name checks, creating and updating an account, locking it.
 * Everything else about users goes through the users service.
 */
export {
  claimTotpStep,
  countUsers,
  findCredentialsById,
  findCredentialsByLogin,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  lockUser,
  updateUser,
  type NewUser,
  type UserCredentials,
  type UserPatch,
} from './users.repository.js';

/** The sign-in, sign-up and authorization pages and their layout (see app/page-table.ts). */
export const pages = {
  layout: () => import('./layout'),
  signIn: () => import('./sign-in'),
  signUp: () => import('./sign-up'),
  welcome: () => import('./welcome'),
  resetPassword: () => import('./reset-password'),
  verifyEmail: () => import('./verify-email'),
  authorize: () => import('./authorize'),
};

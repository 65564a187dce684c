import type { CreatePatBody, EditPatBody } from '@cairn/shared/schemas/pats';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { parseId, randomId } from '../../lib/ids.js';
import { generateToken, hashToken, tokenKind } from '../../lib/tokens.js';
import * as repo from './pats.repository.js';

/** `expires` from a request, which must lie in the future. */
function futureDate(text: string): Date {
  const date = new Date(text);
  if (date.getTime() <= Date.now()) throw badRequest("Invalid body 'expires': must be in the future");
  return date;
}

export function createPatsService(deps: { db: Database }) {
  const { db } = deps;

  /** The caller's PAT with this id; others' PATs are 404 like missing ones. */
  async function findOwnPat(actor: Actor, idText: string) {
    const id = parseId(idText);
    const pat = id === undefined ? undefined : await repo.findPatOfUser(db, actor.userId, { id });
    if (!pat) throw notFound();
    return pat;
  }

  return {
    listPats: (actor: Actor) => repo.listPatsOfUser(db, actor.userId),

    /** Returns the stored row and the token, which only this response ever shows. */
    async createPat(actor: Actor, input: CreatePatBody) {
      const expires = futureDate(input.expires);
      const token = generateToken('pat');
      const pat = await repo.insertPat(db, {
        id: Number(randomId()),
        name: input.name,
        tokenHash: hashToken(token),
        userId: actor.userId,
        scopes: input.scopes,
        expires,
      });
      return { pat, token };
    },

    async editPat(actor: Actor, idText: string, input: EditPatBody): Promise<void> {
      const pat = await findOwnPat(actor, idText);
      const expires = input.expires === undefined ? undefined : futureDate(input.expires);
      if (input.name === undefined && input.scopes === undefined && expires === undefined) return;
      await repo.updatePat(db, pat.id, { name: input.name, scopes: input.scopes, expires });
    },

    /**
     * `ref` is the PAT's id or the token itself, so a leaked token can be revoked by its value
     * (only here: a token that stays valid should not travel in URLs, which get logged).
     */
    async deletePat(actor: Actor, ref: string): Promise<void> {
      const pat =
        tokenKind(ref) === 'pat' ? await repo.findPatOfUser(db, actor.userId, { tokenHash: hashToken(ref) }) : await findOwnPat(actor, ref);
      if (!pat) throw notFound();
      await repo.deletePat(db, pat.id);
    },
  };
}

export type PatsService = ReturnType<typeof createPatsService>;

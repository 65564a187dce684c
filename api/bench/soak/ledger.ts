/**
 * What the soak's clients were told about their writes. A write that got a 2xx (or a 4xx that
 * states the outcome, like "already following") fixes the expected state; one whose answer was
 * lost (5xx, connection dropped, API killed) may or may not have been applied, so it only widens
 * the set of acceptable states until the next acknowledged write.
 */
export type Outcome = 'applied' | 'unknown' | 'refused';

export class WriteLedger {
  /** `${userId}:${projectId}` → states the follow may be in. */
  readonly follows = new Map<string, Set<boolean>>();
  /** projectId → summaries the project may have. */
  readonly summaries = new Map<number, Set<string>>();
  /** Versions whose creation was acknowledged (numeric id). */
  readonly uploads = new Set<number>();
  acknowledged = { follows: 0, edits: 0, uploads: 0 };
  uncertain = { follows: 0, edits: 0, uploads: 0 };

  startProject(projectId: number, summary: string): void {
    this.summaries.set(projectId, new Set([summary]));
  }

  follow(userId: number, projectId: number, following: boolean, outcome: Outcome): void {
    const key = `${userId}:${projectId}`;
    const states = this.follows.get(key) ?? new Set([false]);
    if (outcome === 'applied') {
      this.follows.set(key, new Set([following]));
      this.acknowledged.follows += 1;
    } else if (outcome === 'unknown') {
      this.follows.set(key, states.add(following));
      this.uncertain.follows += 1;
    }
  }

  edit(projectId: number, summary: string, outcome: Outcome): void {
    const states = this.summaries.get(projectId);
    if (!states) throw new Error(`project ${projectId} was not registered`);
    if (outcome === 'applied') {
      this.summaries.set(projectId, new Set([summary]));
      this.acknowledged.edits += 1;
    } else if (outcome === 'unknown') {
      states.add(summary);
      this.uncertain.edits += 1;
    }
  }

  upload(versionId: number | undefined, outcome: Outcome): void {
    if (outcome === 'applied' && versionId !== undefined) {
      this.uploads.add(versionId);
      this.acknowledged.uploads += 1;
    } else if (outcome === 'unknown') {
      this.uncertain.uploads += 1;
    }
  }

  /** Whether a follow's current state is known, i.e. a client may rely on it. */
  followState(userId: number, projectId: number): boolean | undefined {
    const states = this.follows.get(`${userId}:${projectId}`) ?? new Set([false]);
    return states.size === 1 ? [...states][0] : undefined;
  }
}

import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * Password strength, estimated by zxcvbn (dictionaries of common passwords, English words and
 * names, keyboard patterns, dates, repeats, l33t substitutions) against the account's own
 * username and email. Scores run 0–4; 3 ("safely unguessable") is required.
 */
export const MIN_PASSWORD_SCORE = 3;

// The dictionaries are ~35 MB of memory and ~0.4 s to load: only once a password is first checked.
let estimator: Promise<ZxcvbnFactory> | undefined;
const getEstimator = () =>
  (estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...english.dictionary }, graphs: common.adjacencyGraphs, translations: english.translations });
  })());

export interface PasswordStrength {
  score: number;
  strong: boolean;
  /** What is wrong and how to do better, in a sentence or two. */
  feedback: string;
}

export async function estimatePasswordStrength(password: string, userInputs: ReadonlyArray<string | null | undefined>): Promise<PasswordStrength> {
  const inputs = userInputs.flatMap((input) => (input ? [input, ...input.split(/[@._+-]/).filter((part) => part.length >= 3)] : []));
  // zxcvbn's cost grows with length; its judgement does not change past the first 100 characters.
  const result = (await getEstimator()).check(password.slice(0, 100), inputs);
  const feedback = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return { score: result.score, strong: result.score >= MIN_PASSWORD_SCORE, feedback };
}

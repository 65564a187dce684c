import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';

/**
 * Password strength, estimated by zxcvbn (dictionaries of common passwords, English words and
 * names, keyboard patterns, dates, repeats, l33t substitutions) against the account's own
 * username and email. Scores run 0–4; 3 ("safely unguessable") is required.
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
const getEstimator = () =>
  (estimator ??= new ZxcvbnFactory({ dictionary: { ...commonWords, ...englishWords }, graphs: adjacencyGraphs, translations }));

export interface PasswordStrength {
  score: number;
  strong: boolean;
  /** What is wrong and how to do better, in a sentence or two. */
  feedback: string;
}

export function estimatePasswordStrength(password: string, userInputs: ReadonlyArray<string | null | undefined>): PasswordStrength {
  const inputs = userInputs.flatMap((input) => (input ? [input, ...input.split(/[@._+-]/).filter((part) => part.length >= 3)] : []));
  // zxcvbn's cost grows with length; its judgement does not change past the first 100 characters.
  const result = getEstimator().check(password.slice(0, 100), inputs);
  const feedback = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return { score: result.score, strong: result.score >= MIN_PASSWORD_SCORE, feedback };
}

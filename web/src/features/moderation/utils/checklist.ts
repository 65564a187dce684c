import type { MessageId } from '../../../lib/i18n/catalogs';

/**
 * The review checklist: stages a moderator walks through, each with the issues that can be
 * marked. Every marked issue adds its message template to the reply to the team. Texts are in the
 * `moderation` message catalog (`moderation.stage.<id>.*`, `moderation.option.<id>.*`).
 */
export const CHECKLIST_STAGES = [
  { id: 'naming', options: ['nameExtra', 'nameConfusing', 'slugMisused'] },
  { id: 'summary', options: ['summaryShort', 'summaryRepeatsName', 'summaryFormatting'] },
  { id: 'description', options: ['descriptionShort', 'descriptionLanguage', 'descriptionHeaders'] },
  { id: 'links', options: ['linksMisused', 'linksBroken'] },
  { id: 'license', options: ['licenseInvalid', 'licenseSource'] },
  { id: 'tags', options: ['tagsInaccurate'] },
  { id: 'environment', options: ['environmentWrong'] },
  { id: 'gallery', options: ['galleryMissing', 'galleryIrrelevant'] },
  { id: 'versions', options: ['filesType', 'filesExtra'] },
  { id: 'permissions', options: ['reupload', 'proof'] },
  { id: 'rules', options: ['rulesBroken'] },
] as const;

export type ChecklistStage = (typeof CHECKLIST_STAGES)[number];
export type ChecklistOption = ChecklistStage['options'][number];

export const stageTitleId = (stage: ChecklistStage) => `moderation.stage.${stage.id}.title` as MessageId;
export const stageQuestionId = (stage: ChecklistStage) => `moderation.stage.${stage.id}.question` as MessageId;
export const optionLabelId = (option: ChecklistOption) => `moderation.option.${option}.label` as MessageId;
export const optionTemplateId = (option: ChecklistOption) => `moderation.option.${option}.template` as MessageId;

export interface ChecklistProgress {
  /** Index of the current stage; `CHECKLIST_STAGES.length` once the message is being written. */
  stage: number;
  chosen: ChecklistOption[];
  /** The reply as generated, then edited; undefined until generated. */
  message?: string;
}

export const EMPTY_PROGRESS: ChecklistProgress = { stage: 0, chosen: [] };

const storageKey = (projectId: string) => `cairn-moderation-checklist:${projectId}`;
const OPTIONS = new Set<string>(CHECKLIST_STAGES.flatMap((s) => s.options));

/** Progress saved for a project in this browser (anything unreadable starts over). */
export function loadProgress(projectId: string): ChecklistProgress {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(projectId)) ?? 'null') as Partial<ChecklistProgress> | null;
    if (!raw || typeof raw.stage !== 'number' || !Array.isArray(raw.chosen)) return EMPTY_PROGRESS;
    return {
      stage: Math.min(Math.max(0, Math.floor(raw.stage)), CHECKLIST_STAGES.length),
      chosen: raw.chosen.filter((o): o is ChecklistOption => typeof o === 'string' && OPTIONS.has(o)),
      ...(typeof raw.message === 'string' ? { message: raw.message } : {}),
    };
  } catch {
    return EMPTY_PROGRESS;
  }
}

export function saveProgress(projectId: string, progress: ChecklistProgress): void {
  try {
    localStorage.setItem(storageKey(projectId), JSON.stringify(progress));
  } catch {
    // Private modes may refuse storage: progress then lasts as long as the page.
  }
}

export function clearProgress(projectId: string): void {
  try {
    localStorage.removeItem(storageKey(projectId));
  } catch {
    // See saveProgress.
  }
}

/** The reply in markdown: one section per stage with marked issues, in checklist order. */
export function generateMessage(chosen: readonly ChecklistOption[], translate: (id: MessageId) => string): string {
  return CHECKLIST_STAGES.filter((stage) => stage.options.some((o) => chosen.includes(o)))
    .map((stage) => {
      const items = stage.options.filter((o) => chosen.includes(o)).map((o) => translate(optionTemplateId(o)));
      return `## ${translate(stageTitleId(stage))}\n\n${items.join('\n\n')}`;
    })
    .join('\n\n');
}

/** What the marked issues suggest: any issue means changes are needed. */
export const suggestedDecision = (chosen: readonly ChecklistOption[]): 'approved' | 'rejected' => (chosen.length ? 'rejected' : 'approved');

import { z } from 'zod';
import { TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { isValidName, normalizeFolderInput } from '../utils/file-paths';

export interface FileNamePrompt {
  title: string;
  label: string;
  hint?: string;
  submitLabel: string;
  initial: string;
  /** `name`: one file or folder name; `folder`: a folder path from Home. */
  kind: 'name' | 'folder';
  /** Gets the name trimmed, or the folder as an agent path ("/plugins"). */
  onSubmit: (value: string) => void;
}

/** One text field in a modal: names for new files and folders, renames, move and extract targets. */
export function FileNameModal({ prompt, pending, onClose }: { prompt: FileNamePrompt; pending: boolean; onClose: () => void }) {
  const t = useT();
  const schema = z.object({
    value:
      prompt.kind === 'name'
        ? z.string().refine(isValidName, t('servers.files.nameInvalid'))
        : z.string().refine((value) => normalizeFolderInput(value) !== undefined, t('servers.files.folderInvalid')),
  });
  const { register, handleSubmit, formState } = useZodForm(schema, { value: prompt.initial });
  const submit = handleSubmit(({ value }) => prompt.onSubmit(prompt.kind === 'name' ? value.trim() : (normalizeFolderInput(value) ?? '/')));
  return (
    <FormModal title={prompt.title} onClose={onClose} onSubmit={(event) => void submit(event)} submitLabel={prompt.submitLabel} submitDisabled={pending}>
      <TextField label={prompt.label} hint={prompt.hint} autoComplete="off" spellCheck={false} error={formState.errors.value?.message} {...register('value')} />
    </FormModal>
  );
}

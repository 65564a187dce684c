import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../lib/notifications';
import { Button, type ButtonStyle } from './button';
import { CheckIcon, CopyIcon } from './page-icons';

interface CopyButtonProps extends ButtonStyle {
  text: string;
  /** Visible label (also the accessible name); "Copied" replaces it for two seconds after copying. */
  label: string;
  copiedLabel: string;
}

/** Copies `text` to the clipboard and confirms it for two seconds (spec §9). */
export function CopyButton({ text, label, copiedLabel, ...style }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      {...style}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
        });
      }}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}

import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from '../../../components/ui/content-icons';
import { CloseIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n/i18n-provider';
import './search-input.css';
import { Input } from '../../../components/ui/input';

/** Typing pauses shorter than this are one search. */
const SEARCH_DEBOUNCE_MS = 200;

interface SearchInputProps {
  /** The committed query (from the URL). */
  value: string;
  placeholder: string;
  label: string;
  onCommit: (query: string) => void;
  /** For links that move focus to the box (the search page's "Skip to search"). */
  id?: string;
}

/**
 * Search as you type. The text lives in local state, so keystrokes are never lost or reordered
 * while the URL and the results catch up; it is committed after a short pause (or at once on
 * Enter), and taken over from the URL only when the URL changes for another reason (Back).
 */
export function SearchInput({ value, placeholder, label, onCommit, id }: SearchInputProps) {
  const t = useT();
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onCommit(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onCommit]);

  const commitNow = (next: string) => {
    committed.current = next;
    onCommit(next);
  };

  return (
    <div className="search-input" role="search">
      <SearchIcon className="search-input__icon" />
      <Input
        ref={inputRef}
        id={id}
        type="search"
        className="search-input__field"
        value={text}
        placeholder={placeholder}
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitNow(text);
        }}
      />
      {text && (
        <button
          type="button"
          className="search-input__clear"
          aria-label={t('search.clear')}
          onClick={() => {
            setText('');
            commitNow('');
            inputRef.current?.focus();
          }}
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

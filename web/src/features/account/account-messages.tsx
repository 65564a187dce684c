import type { ReactNode } from 'react';
import english from '../../locales/account/en-US.json';
import type { MessageCatalog } from '../../lib/i18n/catalogs';
import { ScopedMessages } from '../../lib/i18n/scoped-messages';
import '../../styles/account.css';

const translations = import.meta.glob<{ default: MessageCatalog }>(['../../locales/account/*.json', '!../../locales/account/en-US.json']);

/**
 * The account pages' text (`src/locales/account/`) and styles travel with their lazy chunks:
 * the /auth and /settings layout routes render this around their pages.
 */
export function AccountMessages({ children }: { children: ReactNode }) {
  return (
    <ScopedMessages english={english} translations={translations}>
      {children}
    </ScopedMessages>
  );
}

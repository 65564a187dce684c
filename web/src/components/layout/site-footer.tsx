import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { ensureMessageAreas } from '../../lib/i18n/message-areas';
import styles from './site-footer.module.css';

// Below the fold on every page: its code and text load after the shell, not with it.
const FooterContent = lazyComponent(
  () => Promise.all([import('./footer-content'), ensureMessageAreas(['footer'])]).then(([module]) => module.FooterContent),
  () => null,
);

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <Suspense fallback={null}>
        <FooterContent />
      </Suspense>
    </footer>
  );
}

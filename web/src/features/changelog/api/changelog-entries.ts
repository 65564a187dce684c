import type { ChangelogProduct } from '@cairn/shared/schemas/changelog';
import type { ChangelogEntryModule } from '../../../../plugins/site-content';

export type ChangelogEntry = ChangelogEntryModule;

// Every entry (web/content/changelog/<product>/<date>.md) is bundled into the changelog routes' chunk only.
const modules = import.meta.glob<ChangelogEntry>('../../../../content/changelog/*/*.md', { eager: true, import: 'default' });

const PRODUCT_ORDER: readonly ChangelogProduct[] = ['web', 'servers', 'app'];

/** All entries, newest first (on a shared date: website, servers, app). */
export const CHANGELOG_ENTRIES: readonly ChangelogEntry[] = Object.values(modules).sort(
  (a, b) => b.date.localeCompare(a.date) || PRODUCT_ORDER.indexOf(a.product) - PRODUCT_ORDER.indexOf(b.product),
);

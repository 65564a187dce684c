import type { AgentIsolation } from '@cairn/shared/schemas/node-agent';
import type { ServerNode } from '@cairn/shared/schemas/servers';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import styles from './servers-admin.module.css';

const LIMITS = ['memory', 'cpu', 'pids'] as const;

/** The plan limits a node's kernel does not enforce, as a readable list ("memory and processes"); undefined when it enforces all. */
function useUnenforcedLimits(isolation: AgentIsolation): string | undefined {
  const t = useT();
  const locale = useLocale();
  const missing = LIMITS.filter((limit) => !isolation.limits[limit]).map((limit) => t(`servers.admin.isolation.limit.${limit}`));
  return missing.length === 0 ? undefined : new Intl.ListFormat(locale, { type: 'conjunction' }).format(missing);
}

/** The nodes table's Isolation cell: whether the node confines its servers (in words, not colour alone), how, and which limits it skips. */
export function NodeIsolationCell({ isolation }: { isolation: AgentIsolation | null }) {
  const t = useT();
  if (!isolation) return <span className={styles.unknown}>{t('servers.admin.isolation.unknown')}</span>;
  return <KnownIsolation isolation={isolation} />;
}

function KnownIsolation({ isolation }: { isolation: AgentIsolation }) {
  const t = useT();
  const unenforced = useUnenforcedLimits(isolation);
  const cgroup = isolation.cgroup_version ? t('servers.admin.isolation.cgroup', { version: isolation.cgroup_version }) : t('servers.admin.isolation.noCgroup');
  return (
    <>
      {isolation.enabled ? (
        <span className={styles.healthy}>{t('servers.admin.isolation.on')}</span>
      ) : (
        <span className={styles.unhealthy}>{t(isolation.disabled_by_operator ? 'servers.admin.isolation.switchedOff' : 'servers.admin.isolation.off')}</span>
      )}
      <br />
      <small>{cgroup}</small>
      {unenforced && (
        <>
          <br />
          <small className={styles.unenforced}>{t('servers.admin.isolation.unenforced', { limits: unenforced })}</small>
        </>
      )}
    </>
  );
}

/** Every node's isolation warnings (missing limits or protections), below the nodes table; nothing when there are none. */
export function NodeIsolationWarnings({ nodes }: { nodes: readonly ServerNode[] }) {
  const t = useT();
  const warned = nodes.filter((node) => node.isolation && node.isolation.warnings.length > 0);
  if (warned.length === 0) return null;
  return (
    <section className={styles.warnings} aria-labelledby="servers-admin-isolation-warnings">
      <h3 id="servers-admin-isolation-warnings">{t('servers.admin.isolation.warnings')}</h3>
      {warned.map((node) => (
        <div key={node.id}>
          <h4 id={`servers-admin-warnings-${node.id}`}>{node.name}</h4>
          <ul aria-labelledby={`servers-admin-warnings-${node.id}`}>
            {node.isolation?.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

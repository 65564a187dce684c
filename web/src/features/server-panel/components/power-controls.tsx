import type { AgentServerState } from '@cairn/shared/schemas/node-agent';
import { useState } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/form';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { MenuButton } from '../../../components/ui/menu';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { PowerAction } from '../../../lib/servers/servers-queries';
import { usePowerAction } from '../api/use-server-mutations';
import { useServerPreferences } from '../hooks/use-server-preferences';
import styles from './server-panel.module.css';

/** Start / Restart / Stop, and Kill in a menu; a button says "Starting…" etc. until the node reports back. */
export function PowerControls({ serverId, state }: { serverId: string; state: AgentServerState | null | undefined }) {
  const t = useT();
  const power = usePowerAction(serverId);
  const [last, setLast] = useState<PowerAction | undefined>();
  const [preferences, updatePreferences] = useServerPreferences(serverId);
  const [confirming, setConfirming] = useState<PowerAction | undefined>();
  const [dontAsk, setDontAsk] = useState(false);
  const send = (action: PowerAction) => {
    setLast(action);
    power.mutate(action);
  };
  // Preferences › "Power action confirmation" asks first; "Don't ask me again" turns it off.
  const run = (action: PowerAction) => (preferences.confirmPower ? setConfirming(action) : send(action));
  const confirm = () => {
    if (!confirming) return;
    if (dontAsk) updatePreferences({ confirmPower: false });
    send(confirming);
    setConfirming(undefined);
    setDontAsk(false);
  };
  const pending = (action: PowerAction) => power.isPending && last === action;
  const starting = state === 'starting';
  // Busy from the click until the node reports the state the action leads through is over.
  const busy = {
    start: pending('start') || (starting && last !== 'restart'),
    restart: pending('restart') || (starting && last === 'restart'),
    stop: pending('stop') || state === 'stopping',
  };
  const showStart = !state || state === 'stopped' || state === 'crashed' || busy.start;
  const label = (action: 'start' | 'restart' | 'stop') => (busy[action] ? t(`servers.power.busy.${action}`) : t(`servers.power.${action}`));

  return (
    <div className={styles.power} role="group" aria-label={t('servers.power.label')}>
      {showStart ? (
        <Button color="green" disabled={power.isPending || busy.start || !state} onClick={() => run('start')}>
          {label('start')}
        </Button>
      ) : (
        <Button disabled={power.isPending || busy.restart || state !== 'running'} onClick={() => run('restart')}>
          {label('restart')}
        </Button>
      )}
      <Button color="red" disabled={power.isPending || busy.stop || showStart} onClick={() => run('stop')}>
        {label('stop')}
      </Button>
      <MenuButton
        label={t('servers.power.more')}
        triggerClassName={buttonClassName({ iconOnly: true })}
        placement="bottom-end"
        items={[{ key: 'kill', label: t('servers.power.kill'), tone: 'red', onSelect: () => run('kill') }]}
      >
        <ChevronDownIcon />
      </MenuButton>
      <Modal
        open={confirming !== undefined}
        onClose={() => setConfirming(undefined)}
        title={t('servers.power.confirmTitle')}
        footer={
          <>
            <Button variant="transparent" onClick={() => setConfirming(undefined)}>
              {t('common.cancel')}
            </Button>
            <Button color={confirming === 'start' ? 'green' : 'red'} onClick={confirm}>
              {confirming ? t(`servers.power.${confirming}`) : ''}
            </Button>
          </>
        }
      >
        <p>{confirming ? t(`servers.power.confirmText.${confirming}`) : ''}</p>
        <CheckboxField label={t('servers.power.dontAsk')} checked={dontAsk} onChange={(event) => setDontAsk(event.target.checked)} />
      </Modal>
    </div>
  );
}

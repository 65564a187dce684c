import { ThemePicker } from '../../../components/theme/theme-picker';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/form';
import { DISPLAY_MODE_KINDS, DISPLAY_MODES, type Cosmetics, type DisplayModeKind } from '../../../lib/cosmetics';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useCosmetics, useDeveloperMode } from '../../../lib/preferences';
import { SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import styles from './appearance.module.css';

type Toggle = keyof Pick<Cosmetics, 'advancedRendering' | 'externalLinksNewTab' | 'hideAppPromos' | 'rightSearchLayout' | 'leftContentLayout'>;
const TOGGLES: readonly Toggle[] = ['advancedRendering', 'externalLinksNewTab', 'hideAppPromos', 'rightSearchLayout', 'leftContentLayout'];

/** The settings home: colour theme, list layouts per page, and display toggles (the cosmetics cookie). */
export function AppearancePage() {
  const t = useT();
  const { cosmetics, updateCosmetics } = useCosmetics();
  const developerMode = useDeveloperMode();
  const setLayout = (kind: DisplayModeKind, mode: Cosmetics['searchDisplayMode'][DisplayModeKind]) =>
    updateCosmetics({ searchDisplayMode: { ...cosmetics.searchDisplayMode, [kind]: mode } });

  return (
    <>
      <SettingsPageHeader title={t('account.appearance.title')} />
      {developerMode.enabled && (
        <Banner
            framed
            tone="info"
            title={t('account.appearance.devModeTitle')}
            actions={
              <Button size="small" variant="outlined" onClick={developerMode.toggle}>
                {t('account.appearance.devModeOff')}
              </Button>
            }
          >
            {t('account.appearance.devModeText')}
          </Banner>
      )}
      <SettingsSection title={t('account.appearance.theme')} description={t('account.appearance.themeText')}>
        <ThemePicker legendHidden />
      </SettingsSection>
      <SettingsSection title={t('account.appearance.layouts')} description={t('account.appearance.layoutsText')}>
        <div className={styles.choices}>
          {DISPLAY_MODE_KINDS.map((kind) => (
            <fieldset key={kind} className={styles.choice}>
              <legend className={styles.choiceLabel}>{t(`account.appearance.layoutKind.${kind}`)}</legend>
              <div className={styles.segmented}>
                {DISPLAY_MODES.map((mode) => (
                  <label key={mode} className={styles.option}>
                    <input type="radio" name={`layout-${kind}`} value={mode} checked={cosmetics.searchDisplayMode[kind] === mode} onChange={() => setLayout(kind, mode)} />
                    <span>{t(`account.appearance.mode.${mode}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      </SettingsSection>
      <SettingsSection title={t('account.appearance.features')}>
        <div className={styles.toggles}>
          {TOGGLES.map((toggle) => (
            <CheckboxField
              key={toggle}
              label={t(`account.appearance.toggle.${toggle}`)}
              hint={t(`account.appearance.toggle.${toggle}.hint`)}
              checked={cosmetics[toggle]}
              onChange={(event) => updateCosmetics({ [toggle]: event.target.checked })}
            />
          ))}
        </div>
      </SettingsSection>
    </>
  );
}

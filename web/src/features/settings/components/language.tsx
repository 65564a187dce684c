import { LanguagePicker } from '../../../components/i18n/language-picker';
import { useT } from '../../../lib/i18n/i18n-provider';
import { SettingsCard, SettingsPageHeader } from '../../../components/layout/settings-page';

export function LanguagePage() {
  const t = useT();
  return (
    <>
      <SettingsPageHeader title={t('account.language.title')} lede={t('account.language.lede')} />
      <SettingsCard>
        <LanguagePicker legendHidden />
      </SettingsCard>
    </>
  );
}

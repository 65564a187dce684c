import { ReportItemTypeSchema } from '@cairn/shared/schemas/reports';
import { useSearchParams } from 'react-router';
import { ReportForm } from '../../features/reports/components/report-form';
import { useHead } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';

/** `/report?item={project|version|user}&itemID={id}[&body=]` (signed in): the report form. */
export function Component() {
  const t = useT();
  const [params] = useSearchParams();
  useHead({ title: t('reports.form.title'), noindex: true });
  const itemType = ReportItemTypeSchema.safeParse(params.get('item') ?? params.get('type'));
  return (
    <ReportForm
      defaults={{
        itemType: itemType.success ? itemType.data : undefined,
        item: params.get('itemID') ?? undefined,
        body: params.get('body') ?? undefined,
      }}
    />
  );
}
